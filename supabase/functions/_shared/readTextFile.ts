/** Reads a text file shipped with a function: Deno.readTextFile on Deno, node:fs on Node. */
export async function readTextFile(url: URL): Promise<string> {
  const deno = globalThis.Deno;
  if (deno?.readTextFile) return deno.readTextFile(url);
  // Node only: the specifier is built at runtime so Deno-targeted bundlers leave it alone.
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsModule)) as {
    readFile(path: URL, enc: 'utf8'): Promise<string>;
  };
  return fs.readFile(url, 'utf8');
}
