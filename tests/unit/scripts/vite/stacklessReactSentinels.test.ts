// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as ReactTypes from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  REACT_DOM_SENTINELS,
  stacklessSentinels,
} from '../../../../scripts/vite/stacklessReactSentinels.ts';

const nodeRequire = createRequire(import.meta.url);
/** A file of an installed package, past its "exports" (which do not list the cjs/ builds). */
const packageFile = (pkg: string, file: string) =>
  join(dirname(nodeRequire.resolve(`${pkg}/package.json`)), file);
const CLIENT = packageFile('react-dom', 'cjs/react-dom-client.production.js');
const SOURCE = readFileSync(CLIENT, 'utf8');

/** The production builds, as the app's bundle has them (vitest itself would pick development). */
const PRODUCTION: Record<string, string> = {
  react: packageFile('react', 'cjs/react.production.js'),
  scheduler: packageFile('scheduler', 'cjs/scheduler.production.js'),
  'react-dom': packageFile('react-dom', 'cjs/react-dom.production.js'),
};

type ReactModule = typeof ReactTypes;
type Client = typeof ReactDomClient;

/** React DOM's client built from `code`, with the production React it was made for. */
function loadClient(code: string): { React: ReactModule; client: Client } {
  const fromClient = createRequire(CLIENT);
  const req = (id: string) => fromClient(PRODUCTION[id] ?? id);
  const module = { exports: {} as Client };
  new Function('module', 'exports', 'require', code)(module, module.exports, req);
  return { React: req('react') as ReactModule, client: module.exports };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe("React DOM's sentinel errors, built without a stack trace", () => {
  it('replaces every module-level sentinel of the installed React DOM, and nothing else', () => {
    const out = stacklessSentinels(SOURCE);
    for (const name of REACT_DOM_SENTINELS) {
      expect(out).not.toMatch(new RegExp(`\\b${name} = Error\\(`));
      expect(out).toMatch(new RegExp(`\\b${name} = __auroraStacklessError\\(`));
    }
    const errors = (s: string) => s.match(/\bError\(/g)?.length ?? 0;
    expect(errors(SOURCE) - errors(out)).toBe(REACT_DOM_SENTINELS.length);
    // Still a strict-mode script: the directive comes before the helper.
    expect(out.indexOf('"use strict";')).toBeLessThan(out.indexOf('__auroraStacklessError'));
  });

  it('still suspends on use(promise): the fallback first, then the content', async () => {
    const { React, client } = loadClient(stacklessSentinels(SOURCE));
    let resolve!: (v: string) => void;
    const promise = new Promise<string>((r) => (resolve = r));
    let caught: unknown;
    function Kp() {
      try {
        return React.createElement('p', null, `Kp ${React.use(promise)}`);
      } catch (thrown) {
        caught = thrown;
        throw thrown;
      }
    }
    const container = document.createElement('div');
    client
      .createRoot(container)
      .render(
        React.createElement(
          React.Suspense,
          { fallback: React.createElement('p', null, 'Loading…') },
          React.createElement(Kp),
        ),
      );
    await until(() => container.textContent === 'Loading…');
    // What use() threw to suspend is the sentinel: an Error by prototype, with its message, no stack.
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toMatch(/Minified React error #460/);
    expect(Object.prototype.hasOwnProperty.call(caught, 'stack')).toBe(false);
    resolve('5');
    await until(() => container.textContent === 'Kp 5');
  });

  it('fails the build, naming the sentinel, when React DOM no longer has one', () => {
    const changed = SOURCE.replace('SuspenseyCommitException = Error(', 'SuspenseyCommit = Error(');
    expect(() => stacklessSentinels(changed)).toThrow(/SuspenseyCommitException/);
  });
});
