import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { describe, expect, it } from 'vitest';
import {
  SIWE_ERRORS,
  checkSiweMessage,
  parseVerifyRequest,
  syntheticEmail,
  type SiweConfig,
} from '../../../../../supabase/functions/siwe-verify/checks.ts';

const NOW = Date.parse('2026-11-22T05:00:00Z');
const CONFIG: SiweConfig = {
  domain: 'aurora.test',
  uri: 'https://aurora.test',
  maxAgeMs: 10 * 60_000,
  clockSkewMs: 60_000,
};
// A fixed key so failures are reproducible; never used outside tests.
const wallet = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

async function signed(fields: Partial<SiweMessage> = {}, signer: Wallet = wallet) {
  const message = new SiweMessage({
    domain: 'aurora.test',
    address: wallet.address,
    statement: 'Sign in to Aurora',
    uri: 'https://aurora.test',
    version: '1',
    chainId: 1,
    nonce: 'abcdEFGH1234',
    issuedAt: new Date(NOW - 30_000).toISOString(),
    ...fields,
  }).prepareMessage();
  return {
    message,
    signature: await signer.signMessage(message),
    address: wallet.address,
    ensName: null,
  };
}

describe('SIWE checks', () => {
  it('accepts a message signed by the address it names, for our domain and URI', async () => {
    const result = await checkSiweMessage(await signed(), CONFIG, NOW);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        address: wallet.address,
        nonce: 'abcdEFGH1234',
        chainId: 1,
        domain: 'aurora.test',
      }),
    });
  });

  it('refuses a message whose scheme is not the configured URI’s, and accepts ours or none', async () => {
    for (const scheme of ['evil', 'http']) {
      expect(await checkSiweMessage(await signed({ scheme }), CONFIG, NOW), scheme).toEqual({
        ok: false,
        status: 401,
        error: SIWE_ERRORS.wrongScheme,
      });
    }
    expect((await checkSiweMessage(await signed({ scheme: 'https' }), CONFIG, NOW)).ok).toBe(true);
    expect((await checkSiweMessage(await signed({ scheme: 'HTTPS' }), CONFIG, NOW)).ok).toBe(true);
    expect((await checkSiweMessage(await signed(), CONFIG, NOW)).ok).toBe(true);
  });

  it('signs in on any chain id, 0 included: the key is proven whatever the chain', async () => {
    for (const chainId of [0, 1, 137, 11155111]) {
      const result = await checkSiweMessage(await signed({ chainId }), CONFIG, NOW);
      expect(result, String(chainId)).toEqual({
        ok: true,
        value: expect.objectContaining({ chainId, address: wallet.address }),
      });
    }
  });

  it('accepts the address in any letter case from the client', async () => {
    const req = { ...(await signed()), address: wallet.address.toLowerCase() };
    expect((await checkSiweMessage(req, CONFIG, NOW)).ok).toBe(true);
  });

  it('rejects a message signed by another key', async () => {
    const other = Wallet.createRandom();
    const req = await signed({}, new Wallet(other.privateKey));
    expect(await checkSiweMessage(req, CONFIG, NOW)).toEqual({
      ok: false,
      status: 401,
      error: SIWE_ERRORS.badSignature,
    });
  });

  it('rejects a signature over a different message text', async () => {
    const good = await signed();
    const tampered = { ...good, message: good.message.replace('Chain ID: 1', 'Chain ID: 5') };
    expect(await checkSiweMessage(tampered, CONFIG, NOW)).toEqual({
      ok: false,
      status: 401,
      error: SIWE_ERRORS.badSignature,
    });
  });

  it('rejects a message for another domain, even when correctly signed', async () => {
    const req = await signed({ domain: 'evil.test' });
    expect(await checkSiweMessage(req, CONFIG, NOW)).toEqual({
      ok: false,
      status: 401,
      error: SIWE_ERRORS.wrongDomain,
    });
  });

  it('treats localhost and 127.0.0.1 as the same local host, but not another port', async () => {
    const local: SiweConfig = { ...CONFIG, domain: 'localhost:8787', uri: 'http://localhost:8787' };
    const aliased = await signed({ domain: '127.0.0.1:8787', uri: 'http://127.0.0.1:8787/login' });
    expect((await checkSiweMessage(aliased, local, NOW)).ok).toBe(true);
    const otherPort = await signed({ domain: '127.0.0.1:9999', uri: 'http://127.0.0.1:8787' });
    expect(await checkSiweMessage(otherPort, local, NOW)).toEqual({
      ok: false,
      status: 401,
      error: SIWE_ERRORS.wrongDomain,
    });
  });

  it('rejects a message whose URI is on another origin', async () => {
    const req = await signed({ uri: 'https://evil.test/login' });
    expect(await checkSiweMessage(req, CONFIG, NOW)).toEqual({
      ok: false,
      status: 401,
      error: SIWE_ERRORS.wrongUri,
    });
  });

  it('rejects an expired message, a not-yet-valid one, one issued in the future and one too old', async () => {
    const cases: [Partial<SiweMessage>, string][] = [
      [{ expirationTime: new Date(NOW - 1).toISOString() }, SIWE_ERRORS.expired],
      [{ notBefore: new Date(NOW + 60_000).toISOString() }, SIWE_ERRORS.notYetValid],
      [{ issuedAt: new Date(NOW + 5 * 60_000).toISOString() }, SIWE_ERRORS.issuedInFuture],
      [{ issuedAt: new Date(NOW - 11 * 60_000).toISOString() }, SIWE_ERRORS.expired],
    ];
    for (const [fields, error] of cases) {
      expect(await checkSiweMessage(await signed(fields), CONFIG, NOW)).toEqual({
        ok: false,
        status: 401,
        error,
      });
    }
  });

  it('rejects a client address that is not the signed one', async () => {
    const req = { ...(await signed()), address: Wallet.createRandom().address };
    expect(await checkSiweMessage(req, CONFIG, NOW)).toEqual({
      ok: false,
      status: 401,
      error: SIWE_ERRORS.addressMismatch,
    });
  });

  it('rejects text that is not an EIP-4361 message and malformed signatures with 400', async () => {
    const garbage = await checkSiweMessage(
      { message: 'hello', signature: '0x00', address: wallet.address, ensName: null },
      CONFIG,
      NOW,
    );
    expect(garbage).toMatchObject({ ok: false, status: 400 });
    expect(!garbage.ok && garbage.error.startsWith(SIWE_ERRORS.malformed)).toBe(true);
    const badSig = { ...(await signed()), signature: '0x1234' };
    expect(await checkSiweMessage(badSig, CONFIG, NOW)).toEqual({
      ok: false,
      status: 400,
      error: SIWE_ERRORS.badSignatureFormat,
    });
  });

  it('parses the documented request body and keeps only valid ENS names', () => {
    expect(parseVerifyRequest(null)).toEqual({
      ok: false,
      status: 400,
      error: SIWE_ERRORS.badRequest,
    });
    expect(parseVerifyRequest({ message: 'm', signature: 1, address: 'a' })).toMatchObject({
      ok: false,
    });
    const ok = parseVerifyRequest({
      message: 'm',
      signature: ' 0xab ',
      address: '0xA',
      ensName: 'Alice.eth',
    });
    expect(ok).toEqual({
      ok: true,
      value: { message: 'm', signature: '0xab', address: '0xA', ensName: 'alice.eth' },
    });
    const noEns = parseVerifyRequest({
      message: 'm',
      signature: 's',
      address: 'a',
      ensName: '<script>',
    });
    expect(noEns.ok && noEns.value.ensName).toBe(null);
  });

  it('builds the synthetic email from the lowercase address', () => {
    expect(syntheticEmail(wallet.address)).toBe(`${wallet.address.toLowerCase()}@ethereum.local`);
  });
});
