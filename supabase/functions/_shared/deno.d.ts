/**
 * The slice of the Deno namespace our code touches. The functions run on Supabase's Deno runtime
 * in production and under Node (the local gateway, tests); declaring only what we use keeps the
 * Node type-check honest without pulling in Deno's lib.
 */
declare global {
  var Deno:
    | {
        env: { get(name: string): string | undefined };
        serve(handler: (req: Request) => Response | Promise<Response>): unknown;
        readTextFile?(path: string | URL): Promise<string>;
        resolveDns?(host: string, type: 'A' | 'AAAA'): Promise<string[]>;
      }
    | undefined;
}

export {};
