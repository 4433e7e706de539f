import { getEnv } from './env.ts';

/**
 * Which push endpoints the backend may talk to. A push endpoint is a URL a caller hands us and the
 * Kp alert sender later POSTs to, so without this check anyone could make our server send requests
 * into its own network (loopback, private ranges, the cloud metadata service). An endpoint passes
 * when it is https, carries no credentials, and either its host is on the allow-list of known push
 * services or every address its host resolves to is public. The check runs when the subscription
 * is stored AND before every send, because DNS answers can change in between.
 */

/** Host names → addresses. Injected so tests never touch DNS or the network. */
export type Resolver = (host: string) => Promise<string[]>;

export interface PushEndpointPolicy {
  /** Exact hosts (`fcm.googleapis.com`) and suffix rules (`*.notify.windows.com`): https, no address check. */
  hosts: readonly string[];
  /** Exact origins (`http://127.0.0.1:4010`) trusted as they are: a local test push service. */
  origins: readonly string[];
  resolve: Resolver;
}

export type EndpointCheck = { ok: true } | { ok: false; error: string };

/** The browsers' push services (Chrome/Edge via FCM, Firefox, Edge/Windows WNS, Safari). */
const DEFAULT_PUSH_ALLOWED_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
] as const;

export const ENDPOINT_ERRORS = {
  notUrl: 'endpoint must be a URL',
  notHttps: 'endpoint must be an https URL',
  credentials: 'endpoint must not contain a user name or password',
  privateAddress:
    'endpoint must be a public address (not loopback, private, link-local or metadata)',
  unresolvable: 'endpoint host could not be resolved',
} as const;

type Words = number[];

function ipv4Words(text: string): Words | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

/** Eight 16-bit groups of an IPv6 address (with `::` and an embedded dotted quad), else null. */
function ipv6Groups(text: string): Words | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4Words(s.slice(lastColon + 1));
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const groups: number[] = [];
  for (const g of [...head, ...rest]) if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
  const fill = 8 - head.length - rest.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  for (const g of head) groups.push(parseInt(g, 16));
  for (let i = 0; i < (halves.length === 2 ? fill : 0); i++) groups.push(0);
  for (const g of rest) groups.push(parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}

function publicIpv4([a, b, c]: Words): boolean {
  if (a === 0 || a === 10 || a === 127) return false; // "this network", private, loopback
  if (a === 100 && b! >= 64 && b! <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, incl. the 169.254.169.254 metadata service
  if (a === 172 && b! >= 16 && b! <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol assignments, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return false; // TEST-NET-3
  return a! < 224; // multicast, reserved, broadcast
}

function publicIpv6(g: Words): boolean {
  const embedded = [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return publicIpv4(embedded);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return publicIpv4(embedded);
  // Only global unicast (2000::/3); that excludes ::, ::1, fc00::/7, fe80::/10, ff00::/8 and the rest.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return false; // Teredo, documentation
  if (g[0] === 0x2002) return false; // 6to4 wraps an IPv4 address we would have to trust blindly
  return true;
}

/** True for an address literal (IPv4 dotted quad, or IPv6 with or without brackets) that is publicly routable. */
export function isPublicAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = ipv4Words(text);
  if (v4) return publicIpv4(v4);
  const v6 = text.includes(':') ? ipv6Groups(text) : null;
  return v6 ? publicIpv6(v6) : false;
}

function isAddressLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || ipv4Words(hostname) !== null;
}

function hostAllowed(hostname: string, rules: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return rules.some((rule) => {
    const r = rule.toLowerCase();
    return r.startsWith('*.')
      ? host.endsWith(r.slice(1)) && host.length > r.length - 1
      : host === r;
  });
}

/**
 * The syntactic half, no I/O: a URL, no credentials, https (or an allow-listed origin). The WHATWG
 * parser has already rewritten decimal, octal and hex IPv4 spellings (2130706433, 0177.0.0.1,
 * 0x7f.1) to dotted quads and IPv4-mapped IPv6 to hex groups, so the address checks see one form.
 */
export function parseEndpointUrl(
  value: string,
  origins: readonly string[] = [],
): { ok: true; url: URL } | { ok: false; error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: ENDPOINT_ERRORS.notUrl };
  }
  if (url.username || url.password) return { ok: false, error: ENDPOINT_ERRORS.credentials };
  if (origins.includes(url.origin)) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, error: ENDPOINT_ERRORS.notHttps };
  return { ok: true, url };
}

/** The whole check: syntax, then the allow-list, then the addresses the host resolves to. */
export async function checkPushEndpoint(
  value: string,
  policy: PushEndpointPolicy,
): Promise<EndpointCheck> {
  const parsed = parseEndpointUrl(value, policy.origins);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  if (policy.origins.includes(url.origin)) return { ok: true };
  if (isAddressLiteral(url.hostname))
    return isPublicAddress(url.hostname)
      ? { ok: true }
      : { ok: false, error: ENDPOINT_ERRORS.privateAddress };
  if (hostAllowed(url.hostname, policy.hosts)) return { ok: true };
  let addresses: string[];
  try {
    addresses = await policy.resolve(url.hostname);
  } catch {
    return { ok: false, error: ENDPOINT_ERRORS.unresolvable };
  }
  if (addresses.length === 0) return { ok: false, error: ENDPOINT_ERRORS.unresolvable };
  // One private answer is enough to refuse: the connection may use any of them.
  return addresses.every(isPublicAddress)
    ? { ok: true }
    : { ok: false, error: ENDPOINT_ERRORS.privateAddress };
}

/** A and AAAA answers: Deno.resolveDns on Deno, dns.lookup on Node. */
const systemResolver: Resolver = async (host) => {
  const deno = globalThis.Deno;
  if (deno?.resolveDns) {
    const answers = await Promise.allSettled([
      deno.resolveDns(host, 'A'),
      deno.resolveDns(host, 'AAAA'),
    ]);
    return answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  }
  // Node only: the specifier is built at runtime so Deno-targeted bundlers leave it alone.
  const dnsModule = 'node:dns/promises';
  const dns = (await import(/* @vite-ignore */ dnsModule)) as {
    lookup(host: string, opts: { all: true; verbatim: true }): Promise<{ address: string }[]>;
  };
  return (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
};

/**
 * `PUSH_ALLOWED_HOSTS`: comma-separated hosts, `*.suffix` rules and exact origins
 * (`http://127.0.0.1:4010`, for a local test push service). Set, it replaces the default list.
 */
export function pushPolicyFromEnv(resolve: Resolver = systemResolver): PushEndpointPolicy {
  const raw = getEnv('PUSH_ALLOWED_HOSTS');
  const entries =
    raw === undefined
      ? [...DEFAULT_PUSH_ALLOWED_HOSTS]
      : raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  return {
    hosts: entries.filter((e) => !e.includes('://')),
    origins: entries.filter((e) => e.includes('://')).map((e) => new URL(e).origin),
    resolve,
  };
}
