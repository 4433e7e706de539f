import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { checkPassword, MIN_PASSWORD_LENGTH } from '../../../server/auth/weakPassword.ts';
import { DEFAULT_AUTH_LIMITS } from '../../../server/auth/limits.ts';
import { DEFAULT_JWT_EXPIRY_SECONDS } from '../../../server/stack.ts';

const SUPABASE = fileURLToPath(new URL('../../../supabase/', import.meta.url));
const FUNCTIONS = join(SUPABASE, 'functions');

interface FunctionBlock {
  enabled?: boolean;
  verify_jwt?: boolean;
  import_map?: string;
  entrypoint?: string;
  static_files?: string[];
}
interface Config {
  project_id: string;
  auth: Record<string, unknown> & {
    rate_limit: Record<string, number>;
    email: Record<string, unknown>;
    web3: { ethereum: { enabled: boolean } };
  };
  functions: Record<string, FunctionBlock>;
}

const config = parse(readFileSync(join(SUPABASE, 'config.toml'), 'utf8')) as unknown as Config;
const functionFolders = readdirSync(FUNCTIONS).filter(
  (f) => f !== '_shared' && statSync(join(FUNCTIONS, f)).isDirectory(),
);
/** A path of config.toml (relative to supabase/) with a trailing `*` glob: the files it names. */
function filesOf(pattern: string): string[] {
  const path = join(SUPABASE, pattern);
  if (!path.endsWith('*')) return existsSync(path) ? [path] : [];
  const dir = dirname(path);
  return existsSync(dir) ? readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile()) : [];
}

describe('supabase/config.toml', () => {
  it('has a block for every function folder, and none for a function that does not exist', () => {
    expect(Object.keys(config.functions).sort()).toEqual([...functionFolders].sort());
  });

  it('says for every function whether the gateway checks a JWT, and points at files that exist', () => {
    for (const [name, block] of Object.entries(config.functions)) {
      expect(typeof block.verify_jwt, name).toBe('boolean');
      expect(block.entrypoint, name).toBe(`./functions/${name}/index.ts`);
      expect(filesOf(block.entrypoint!), name).toHaveLength(1);
      expect(filesOf(block.import_map!), name).toHaveLength(1);
      for (const pattern of block.static_files ?? [])
        expect(filesOf(pattern).length, `${name}: ${pattern}`).toBeGreaterThan(0);
    }
  });

  it('ships the replays the functions fall back on as static files', () => {
    expect(config.functions['space-weather']!.static_files).toContain(
      './functions/space-weather/replay/*',
    );
    expect(config.functions.weather!.static_files).toContain('./functions/weather/replay/*');
  });

  it('asks hosted Auth for the password rule the local stack enforces', () => {
    expect(config.auth.minimum_password_length).toBe(MIN_PASSWORD_LENGTH);
    expect(config.auth.password_requirements).toBe('lower_upper_letters_digits');
    // lower_upper_letters_digits: each of the three classes is required, as locally.
    for (const missing of ['borealis-kp7-night', 'BOREALIS-KP7-NIGHT', 'Borealis-Kp-Night'])
      expect(checkPassword(missing).reasons).toContain('characters');
    expect(checkPassword('Borealis-Kp7-Night').reasons).toEqual([]);
  });

  it('gives hosted Auth the local stack’s token life and per-address rate limits', () => {
    expect(config.auth.jwt_expiry).toBe(DEFAULT_JWT_EXPIRY_SECONDS);
    expect(config.auth.enable_refresh_token_rotation).toBe(true);
    const rate = config.auth.rate_limit;
    expect(rate.sign_in_sign_ups).toBe(DEFAULT_AUTH_LIMITS.signInPerIp.capacity);
    expect(rate.token_refresh).toBe(DEFAULT_AUTH_LIMITS.refreshPerIp.capacity);
    expect(rate.token_verifications).toBe(DEFAULT_AUTH_LIMITS.verifyPerIp.capacity);
    // Locally a web3 grant counts as a sign-in.
    expect(rate.web3).toBe(DEFAULT_AUTH_LIMITS.signInPerIp.capacity);
  });

  it('confirms sign-ups at once and leaves Ethereum sign-in to the siwe-verify function', () => {
    expect(config.auth.email.enable_confirmations).toBe(false);
    expect(config.auth.enable_anonymous_sign_ins).toBe(false);
    expect(config.auth.web3.ethereum.enabled).toBe(false);
    expect(config.functions['siwe-verify']!.verify_jwt).toBe(false);
  });
});
