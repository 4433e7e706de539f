/**
 * One tile layer's cloud cover as it travels and is stored: `hours × cells` bytes (0–100 %,
 * NO_CLOUD_VALUE where there is none), hour after hour, each hour's cells row after row from the
 * tile's south-west corner. On the wire each byte is the difference from the same cell an hour
 * earlier (mod 256): cloud moves slowly, so most are 0 and the gateway's compression packs them
 * to a fraction (core/CONTEXT.md has the OVATION grid's Sub filter, the same idea in space).
 */
import { base64ToBytes, bytesToBase64 } from '../grid/base64.ts';
import { NO_CLOUD_VALUE } from './cloudTiles.ts';

/** Hour-to-hour differences, then base64. */
export function encodeCloudLayer(values: Uint8Array, cells: number): string {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++)
    out[i] = i < cells ? values[i]! : (values[i]! - values[i - cells]! + 256) & 0xff;
  return bytesToBase64(out);
}

/**
 * The values again, or null when the text is not `hours × cells` bytes of percentages: a damaged
 * or foreign payload is refused whole, never drawn.
 */
export function decodeCloudLayer(b64: string, hours: number, cells: number): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(b64);
  } catch {
    return null;
  }
  if (bytes.length !== hours * cells) return null;
  for (let i = cells; i < bytes.length; i++) bytes[i] = (bytes[i]! + bytes[i - cells]!) & 0xff;
  for (const v of bytes) if (v > 100 && v !== NO_CLOUD_VALUE) return null;
  return bytes;
}
