// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** A dynamic `import('uplot')` outside the chart family (src/ui/charts/loadUplot.ts loads it). */
const DYNAMIC_UPLOT = [
  {
    selector: 'ImportExpression[source.value=/^uplot(\\u002F|$)/]',
    message: 'Only src/ui/charts/ imports uPlot (a route preloads it through loadUplot).',
  },
];

/**
 * Raw IndexedDB in the service worker's database code: it goes through `idb` instead
 * (sync/trackingDb/openAuroraTrackingDb.ts), so request and transaction promises are not hand-written.
 */
const RAW_INDEXEDDB = [
  {
    selector: "MemberExpression[object.name='indexedDB']",
    message: 'Open aurora-tracking-db with openAuroraTrackingDb (idb), not indexedDB directly.',
  },
  {
    selector:
      'AssignmentExpression > MemberExpression.left[property.name=/^on(upgradeneeded|success|error|complete|abort|blocked)$/]',
    message: 'Use idb’s promises (await a request, tx.done), not raw IndexedDB event handlers.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'tests/fixtures/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sync/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // uPlot is imported in exactly one place: the chart family in src/ui/charts/.
    files: ['src/**/*.{ts,tsx}', 'sync/**/*.{ts,tsx}', 'workers/**/*.ts', 'core/**/*.ts'],
    ignores: ['src/ui/charts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['uplot', 'uplot/*'], message: 'Only src/ui/charts/ imports uPlot.' },
            {
              // Their dependencies (graphql 17, z-schema 12) declare Node >= 22; we run on Node 20
              // and never load them (README, "Node 20").
              group: ['rxdb/plugins/replication-graphql', 'rxdb/plugins/validate-z-schema'],
              message: 'Not on Node 20: see README, "Node 20".',
            },
          ],
        },
      ],
      // no-restricted-imports sees static imports only: `import('uplot')` is a dynamic one.
      'no-restricted-syntax': ['error', ...DYNAMIC_UPLOT],
    },
  },
  {
    // The house rule: components get data from hooks, never from the libraries themselves.
    files: ['src/features/**/*.tsx', 'src/ui/**/*.tsx', 'src/app/**/*.tsx'],
    ignores: ['src/features/map/olmap/**', 'src/ui/charts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['rxdb', 'rxdb/*'], message: 'Components read data through sync/ hooks.' },
            {
              group: ['@supabase/*'],
              message: 'Components reach the backend through sync/ or src/auth hooks.',
            },
            { group: ['ol', 'ol/*'], message: 'Only the map wrapper imports OpenLayers.' },
            { group: ['uplot', 'uplot/*'], message: 'Only src/ui/charts/ imports uPlot.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...DYNAMIC_UPLOT],
    },
  },
  {
    files: ['src/sw.ts', 'src/sw/**/*.ts', 'sync/trackingDb/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DYNAMIC_UPLOT, ...RAW_INDEXEDDB] },
  },
  {
    // The import boundaries of the design (core/CONTEXT.md). First matching element wins.
    files: [
      'core/**/*.{ts,tsx}',
      'src/**/*.{ts,tsx}',
      'sync/**/*.{ts,tsx}',
      'workers/**/*.ts',
      'supabase/**/*.ts',
      'server/**/*.ts',
      'scripts/**/*.{ts,tsx}',
    ],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'core', pattern: 'core/**', partialMatch: false },
        { type: 'sw', pattern: 'src/sw/**', partialMatch: false },
        { type: 'ui', pattern: 'src/ui/**', partialMatch: false },
        { type: 'features', pattern: 'src/features/**', partialMatch: false },
        { type: 'shell', pattern: 'src/**', partialMatch: false },
        { type: 'tracking-db', pattern: 'sync/trackingDb/**', partialMatch: false },
        { type: 'data', pattern: 'sync/**', partialMatch: false },
        { type: 'worker', pattern: 'workers/**', partialMatch: false },
        { type: 'functions', pattern: 'supabase/**', partialMatch: false },
        { type: 'server', pattern: 'server/**', partialMatch: false },
        { type: 'scripts', pattern: 'scripts/**', partialMatch: false },
      ],
      // The database itself, inside the data layer: only the data layer, the worker and the shell open it.
      'boundaries/files': [
        {
          category: 'database',
          pattern: [
            'sync/database.ts',
            'sync/schemas/**',
            'sync/storage/**',
            'sync/write.ts',
            'sync/retention.ts',
          ],
        },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // The core imports nothing of ours.
            {
              from: { element: { type: 'core' } },
              disallow: { to: { element: { type: '!core' } } },
            },
            // The service worker imports only the core, its own files and the tracking database
            // it shares with the poller (sync/trackingDb/).
            {
              from: { element: { type: 'sw' } },
              disallow: { to: { element: { types: { noneOf: ['core', 'sw', 'tracking-db'] } } } },
            },
            // The tracking database is plain IndexedDB over the core's names: nothing else of ours.
            {
              from: { element: { type: 'tracking-db' } },
              disallow: { to: { element: { types: { noneOf: ['core', 'tracking-db'] } } } },
            },
            // The shared components get everything as props: no screen, no data layer (a feature
            // reads the data through sync/react/ or src/lib/ hooks and passes it in).
            {
              from: { element: { type: 'ui' } },
              disallow: { to: { element: { types: { noneOf: ['core', 'ui', 'shell'] } } } },
            },
            // Screens never touch the database: they read through the data layer's hooks.
            {
              from: { element: { types: { anyOf: ['ui', 'features'] } } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: ['worker', 'functions', 'sw', 'tracking-db', 'server', 'scripts'],
                    },
                  },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ['ui', 'features'] } } },
              disallow: { to: { file: { categories: 'database' } } },
            },
            // The shell (app, lib, auth, pwa) runs in the page: no backend, no local server, no build.
            {
              from: { element: { type: 'shell' } },
              disallow: {
                to: { element: { types: { anyOf: ['functions', 'server', 'scripts'] } } },
              },
            },
            // The data layer knows no screen, no shell, no poller, no backend.
            {
              from: { element: { type: 'data' } },
              disallow: { to: { element: { types: { noneOf: ['core', 'data', 'tracking-db'] } } } },
            },
            // The worker knows no screen, no shell, no service worker and no backend.
            {
              from: { element: { type: 'worker' } },
              disallow: {
                to: { element: { types: { noneOf: ['core', 'data', 'tracking-db', 'worker'] } } },
              },
            },
            // The backend shares only the core.
            {
              from: { element: { type: 'functions' } },
              disallow: { to: { element: { types: { noneOf: ['core', 'functions'] } } } },
            },
            // The local stand-in serves the functions and the core's rules; it loads no page code
            // and no build plugin (what it shares with the build lives in the core).
            {
              from: { element: { type: 'server' } },
              disallow: { to: { element: { types: { noneOf: ['core', 'functions', 'server'] } } } },
            },
          ],
        },
      ],
    },
  },
);
