/**
 * The regional cloud layer's replay: a GFS-shaped GRIB2 file CONSTRUCTED by
 * tests/fixtures/gfs/construct.ts (not recorded: see replay/SOURCES.md), served when NOMADS cannot
 * be reached and a band holds nothing, its times moved to the present (gfsClouds.ts).
 */

/** Reads `replay/gfs-clouds.grib2` beside this module (Deno.readFile on Deno, node:fs on Node); null when it is not there. */
export async function readGfsReplay(): Promise<Uint8Array | null> {
  const url = new URL('./replay/gfs-clouds.grib2', import.meta.url);
  try {
    const deno = (globalThis as unknown as { Deno?: { readFile?(u: URL): Promise<Uint8Array> } })
      .Deno;
    if (deno?.readFile) return await deno.readFile(url);
    // Node only: the specifier is built at runtime so Deno-targeted bundlers leave it alone.
    const fsModule = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsModule)) as {
      readFile(path: URL): Promise<Uint8Array>;
    };
    return new Uint8Array(await fs.readFile(url));
  } catch {
    return null;
  }
}
