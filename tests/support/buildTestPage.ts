import { sharedChunkWorkers } from '../../scripts/vite/sharedChunkWorkers.ts';
import { RESOLVE_CONDITIONS } from '../../scripts/vite/resolveConditions.ts';

/**
 * Builds a browser test page (an index.html in `root` and everything it imports) the way the app
 * is built: Vite, production mode, module workers in the page's own chunk graph, minified, into
 * `outDir`.
 */
export async function buildTestPage(
  root: string,
  outDir: string,
  opts: { define?: Record<string, string>; sourcemap?: boolean } = {},
): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    mode: 'production',
    define: opts.define,
    resolve: { conditions: RESOLVE_CONDITIONS },
    worker: { format: 'es' },
    plugins: [sharedChunkWorkers()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: opts.sourcemap ?? false,
      reportCompressedSize: false,
    },
  });
}
