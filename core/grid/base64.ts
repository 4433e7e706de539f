/** Bytes ↔ base64 for the stored grid and the backend's archive (btoa/atob exist in pages, workers, Node ≥ 16 and Deno). */

// String.fromCharCode takes its arguments on the stack; 8 K per call stays far below any limit.
const CHUNK = 0x2000;

// The platform's own codec where it exists (Chromium ≥ 140, Firefox ≥ 133, Safari ≥ 18.2): one
// native pass instead of a binary string plus a per-character loop.
const native = Uint8Array as unknown as { fromBase64?: (b64: string) => Uint8Array };
const nativeProto = Uint8Array.prototype as unknown as { toBase64?: () => string };

/** Bytes → base64 (btoa exists in pages, workers, Node ≥ 16 and Deno). */
export function bytesToBase64(bytes: Uint8Array): string {
  if (typeof nativeProto.toBase64 === 'function') return nativeProto.toBase64.call(bytes);
  return bytesToBase64Portable(bytes);
}

/** The fallback of bytesToBase64, exported so tests hold it to the same answers. */
export function bytesToBase64Portable(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return btoa(binary);
}

export function base64ToBytes(b64: string): Uint8Array {
  if (typeof native.fromBase64 === 'function') return native.fromBase64(b64);
  return base64ToBytesPortable(b64);
}

/** The fallback of base64ToBytes (atob): no allocation per cell, one output array. */
export function base64ToBytesPortable(b64: string): Uint8Array {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
