/**
 * The app's Content-Security-Policy: our own origin only, plus hosts named in configuration
 * (for example a map tile server). Inline styles are allowed because React and OpenLayers set
 * style attributes; WebAssembly compilation is allowed for libraries that ship wasm.
 */
export function contentSecurityPolicy(extraHosts: string[]): string {
  const hosts = extraHosts.filter((h) => /^(https?:\/\/|wss?:\/\/)?[a-z0-9.*-]+(:\d+)?$/i.test(h)).join(' ');
  const withHosts = (base: string) => (hosts ? `${base} ${hosts}` : base);
  return [
    `default-src 'self'`,
    `script-src 'self' 'wasm-unsafe-eval'`,
    `style-src 'self' 'unsafe-inline'`,
    withHosts(`img-src 'self' data: blob:`),
    withHosts(`connect-src 'self'`),
    `font-src 'self' data:`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
