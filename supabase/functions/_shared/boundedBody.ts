/**
 * A response body read into memory only up to a limit: an upstream answering far more than we
 * would ever keep costs at most `limit + 1` bytes (plus the chunk that crossed it), not its whole
 * size. Web streams only, so it runs on Deno and Node alike.
 */
export async function readBodyAtMost(
  res: Response,
  limit: number,
): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; readBytes: number }> {
  if (!res.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // One byte past the limit is enough to know the body is too large: stop reading there.
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, readBytes: total };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}
