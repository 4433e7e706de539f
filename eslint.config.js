// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'tests/fixtures/**', 'test-results/**', 'playwright-report/**', '.data/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['uplot', 'uplot/*'], message: 'Only src/ui/charts/ imports uPlot.' }] }],
    },
  },
  {
    // The house rule: components get data from hooks, never from the libraries themselves.
    files: ['src/features/**/*.tsx', 'src/ui/**/*.tsx', 'src/app/**/*.tsx'],
    ignores: ['src/features/map/olmap/**', 'src/ui/charts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['rxdb', 'rxdb/*'], message: 'Components read data through sync/ hooks.' },
        { group: ['@supabase/*'], message: 'Components reach the backend through sync/ or src/auth hooks.' },
        { group: ['ol', 'ol/*'], message: 'Only the map wrapper imports OpenLayers.' },
        { group: ['uplot', 'uplot/*'], message: 'Only src/ui/charts/ imports uPlot.' },
      ] }],
    },
  },
);
