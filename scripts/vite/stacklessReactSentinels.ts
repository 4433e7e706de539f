/**
 * Vite plugin: React DOM's sentinel errors are built without a stack trace.
 *
 * When its module runs, React DOM creates five Error objects that it later throws and recognises
 * by identity (`SuspenseException` and its kin: control flow, never shown to anyone). Creating an
 * Error captures a stack trace. While an inspector is attached (DevTools, Lighthouse, any
 * automation over the DevTools protocol with its Runtime domain on, as our benchmarks are), V8
 * then collects the source positions of every function on the stack, and for React DOM's module
 * that means parsing its whole ~200 KB body again on the main thread: measured 40–70 ms at 4× CPU
 * slowdown, the first visit's one long task (`main.longTasks5s`). Without an inspector the same
 * evaluation takes ~20 ms.
 *
 * Those stacks say nothing (they point at React DOM's module body), so the build creates the five
 * without one: objects that inherit from `Error.prototype` and carry the same message, made
 * without calling `Error`. React compares them by identity only.
 *
 * A React upgrade that renames or removes one of them fails the build here, so this is looked at
 * again rather than silently doing nothing.
 */
import type { Plugin } from 'vite';
import { moduleTransform } from './moduleTransform.ts';

/** The module-level sentinels of react-dom-client.production.js (React 19.3). */
export const REACT_DOM_SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** An Error-like object without a captured stack: `instanceof Error`, same name and message. */
const HELPER =
  'function __auroraStacklessError(message) {' +
  ' var error = Object.create(Error.prototype);' +
  " Object.defineProperty(error, 'message', { value: message, writable: true, configurable: true });" +
  ' return error;' +
  '}\n';

/**
 * React DOM's client module with each sentinel created by `__auroraStacklessError` instead of
 * `Error`. Throws if a sentinel is not found exactly once.
 */
export function stacklessSentinels(source: string): string {
  let out = source;
  for (const name of REACT_DOM_SENTINELS) {
    const pattern = new RegExp(`\\b${name} = Error\\(formatProdErrorMessage\\((\\d+)\\)\\)`, 'g');
    const found = out.match(pattern)?.length ?? 0;
    if (found !== 1)
      throw new Error(
        `stacklessReactSentinels: expected one "${name} = Error(formatProdErrorMessage(…))" ` +
          `in react-dom-client.production.js, found ${found}. Has React DOM changed? ` +
          'See scripts/vite/stacklessReactSentinels.ts.',
      );
    out = out.replace(pattern, `${name} = __auroraStacklessError(formatProdErrorMessage($1))`);
  }
  // After the "use strict" directive, so the module stays in strict mode.
  const directive = /^(\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*"use strict";\n)/.exec(out)?.[1];
  if (directive === undefined)
    throw new Error('stacklessReactSentinels: react-dom-client.production.js lost "use strict".');
  return directive + HELPER + out.slice(directive.length);
}

export function stacklessReactSentinels(): Plugin {
  return moduleTransform('aurora:stackless-react-sentinels', REACT_DOM_CLIENT, stacklessSentinels);
}
