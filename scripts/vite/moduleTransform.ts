import type { Plugin } from 'vite';

/**
 * A build-only Vite plugin that rewrites one module of a dependency (matched by its path) with a
 * pure function of its source: the shape of our patches to a library's code
 * (stacklessReactSentinels.ts, lazyUplotIntl.ts). The function throws when the code is not what
 * it expects, which fails the build.
 */
export function moduleTransform(
  name: string,
  id: RegExp,
  rewrite: (source: string) => string,
): Plugin {
  return {
    name,
    apply: 'build',
    transform: {
      filter: { id },
      handler(code, moduleId) {
        if (!id.test(moduleId)) return null;
        return { code: rewrite(code), map: null };
      },
    },
  };
}
