import siweVerify from '../siwe-verify/handler.ts';

/** POST|GET /siwe-nonce: the same single-use nonce as GET /siwe-verify/nonce, for functions.invoke(). */
export default async function handler(req: Request): Promise<Response> {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/siwe-nonce\/?$/, 'siwe-verify/nonce');
  return siweVerify(new Request(url, req));
}
