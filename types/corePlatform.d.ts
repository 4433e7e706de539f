/**
 * The only host globals the core may use, for tsconfig.core.json alone (no DOM, no Node types):
 * WHATWG APIs that every runtime of the core has — browsers, workers, the service worker, Node ≥ 18
 * (`npm run ingest`, the local gateway) and Deno (the hosted functions). Anything else (window,
 * document, fetch, process, node: modules) fails the core's typecheck: time, data and the network
 * come in as arguments.
 */
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  toString(): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
