/**
 * The core is pure (core/CONTEXT.md): no DOM, no Node, no network of its own. tsconfig.core.json
 * (part of `npm run typecheck`) compiles all of core/ with the ES library only and no ambient types;
 * these probes, compiled as a file inside core/ under that configuration, show what it refuses.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PROBE = resolve('core/probe.ts');

function coreConfig(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.core.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('tsconfig.core.json did not parse');
  return parsed;
}

/** The compiler's complaints about `code` as a core file, under tsconfig.core.json. */
function complaints(code: string): string[] {
  const config = coreConfig();
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === PROBE
      ? ts.createSourceFile(name, code, language)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === PROBE || fileExists(name);
  const rootNames = [PROBE, ...config.fileNames.filter((f) => f.endsWith('.d.ts'))];
  const program = ts.createProgram({ rootNames, options: config.options, host });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(PROBE))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the core’s own typecheck', { timeout: 120_000 }, () => {
  it('is part of npm run typecheck and covers every file of core/', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.typecheck).toContain('tsc -p tsconfig.core.json --noEmit');
    const files = coreConfig().fileNames.map((f) => f.replace(`${process.cwd()}/`, ''));
    expect(files).toContain('core/tonight/verdict.ts');
    expect(files.filter((f) => !f.startsWith('core/') && !f.startsWith('types/'))).toEqual([]);
  });

  it.each([
    ['the DOM’s window', 'export const here = window.location.href;', /Cannot find name 'window'/],
    ['the DOM’s document', 'export const title = document.title;', /Cannot find name 'document'/],
    [
      'the network',
      "export const answer = fetch('https://example.invalid/');",
      /Cannot find name 'fetch'/,
    ],
    ['Node’s process', 'export const mode = process.env.NODE_ENV;', /Cannot find name 'process'/],
    [
      'a Node module',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
      /Cannot find module 'node:fs'/,
    ],
    [
      'a timer',
      'export const later = setTimeout(() => undefined, 1);',
      /Cannot find name 'setTimeout'/,
    ],
  ])('refuses %s', (_what, code, complaint) => {
    expect(complaints(code).join('\n')).toMatch(complaint);
  });

  it('accepts the language, the core’s own modules and the few WHATWG globals every runtime has', () => {
    expect(
      complaints(
        [
          "import { gridIndex } from './grid/grid.ts';",
          'export const cell = gridIndex(69, 19);',
          "export const b64 = btoa('aurora');",
          "export const https = new URL('https://example.invalid/').protocol;",
          "export const words = [...new Intl.Segmenter('en').segment('a b')].length;",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
