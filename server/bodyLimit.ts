import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';

/** Request bodies the gateway accepts: the app's largest is a few kilobytes (a preferences row, a push subscription). */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The declared length is over the limit: answer before reading any of it. */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(declared) && declared > limit;
}

/**
 * Counts bytes on the way through and fails as soon as they pass the limit (a chunked body has no
 * declared length), so nothing past the limit is read or kept.
 */
export class BodyLimit extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(new BodyTooLargeError(this.limit));
    else done(null, chunk);
  }
}
