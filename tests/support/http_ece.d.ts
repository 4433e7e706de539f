// http_ece (a dependency of web-push) ships no types; the tests use it to decrypt what a push service receives.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
    ): Buffer;
  };
  export default ece;
}
