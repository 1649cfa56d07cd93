// npm run lint (a step of npm test): the conventions a reviewer should not have to hold.
import js from '@eslint/js';
import { defineConfig, globalIgnores, includeIgnoreFile } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/** The front ends' folders, from the list of front ends (platform/src/frontEnds.ts). */
const FRONT_ENDS = createRequire(import.meta.url)('./scripts/front-ends.cjs').FRONT_ENDS.map((fe) => fe.dir);
const PARTS = ['contract', 'shared', 'api', 'platform', 'e2e', ...FRONT_ENDS];

/** @param {object} options no-restricted-imports' options, as an error */
const restrictImports = (options) => /** @type {import('eslint').Linter.RuleEntry} */ (['error', options]);

/** Relative imports that climb out of a package into one of these folders. */
const reachingInto = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });

const sharedBoundary = reachingInto(
  FRONT_ENDS,
  '@marketplace/shared is used by the front ends; it imports none of them.',
);

// The contract is what the API and the front ends agree on: it depends on no part of the repository.
const contractBoundary = restrictImports({
  patterns: [
    reachingInto(
      PARTS.filter((part) => part !== 'contract'),
      '@marketplace/contract imports no other part of the repository.',
    ),
    { group: ['@marketplace/*'], message: '@marketplace/contract imports no other part of the repository.' },
    {
      group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
      message: '@marketplace/contract is plain TypeScript over TypeBox: no React.',
    },
  ],
});

// React Router only through @marketplace/shared/router: a front end that imported it itself would
// bundle its own copy, with its own router context, whose links and hooks break inside the shell.
const routerOnlyThroughShared = {
  paths: ['react-router', 'react-router-dom'].map((name) => ({
    name,
    message: 'Import routing from @marketplace/shared/router (one router context for every front end).',
  })),
};

export default defineConfig([
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url))),
  globalIgnores(['**/dist/', '**/types/']),

  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // TypeScript reports unused names (noUnusedLocals, noUnusedParameters in tsconfig.base.json).
      '@typescript-eslint/no-unused-vars': 'off',
      // To fix over time (mostly API tests reading JSON replies).
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // A migration sees the schema of its own time, not today's: Kysely<any>, as Kysely advises.
    files: ['api/src/db/migration*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Functions these scripts hand to the browser (page.evaluate) run in the page.
    files: ['bench/lib/frontend-bench.mjs', 'bench/lib/lighthouse-bench.mjs'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['api/**', 'e2e/**', 'bench/**', 'scripts/**', 'platform/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // The platform (servers, renderer, releases): typescript-eslint's strict rules on top.
    files: ['platform/src/**/*.ts'],
    extends: [tseslint.configs.strict],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: [...FRONT_ENDS, 'shared'].map((dir) => `${dir}/{src,test}/**`),
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
  },

  // Hooks: the two rules of hooks. The React Compiler's rules of the plugin's preset are not on:
  // the front ends are not compiled with it. exhaustive-deps warns: the resource hooks take a
  // dependency list of their callers (spread), which it cannot check.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': /** @type {import('eslint').ESLint.Plugin} */ (reactHooks) },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // No import cycles, inside a part or across parts.
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: PARTS.map((part) => `${part}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },

  // Boundaries: a front end uses the others only through @marketplace/shared and the URL, never
  // their files; the shared package knows no front end; the contract knows no other part. Tests may
  // mount pages in a router of their own.
  ...FRONT_ENDS.flatMap((dir) => {
    const boundary = reachingInto(
      PARTS.filter((part) => part !== dir),
      'A front end reaches other parts only through @marketplace/shared (and the URL), not by their files.',
    );
    return [
      {
        files: [`${dir}/src/**`],
        rules: { 'no-restricted-imports': restrictImports({ ...routerOnlyThroughShared, patterns: [boundary] }) },
      },
      {
        files: [`${dir}/src/**/*.test.{ts,tsx}`],
        rules: { 'no-restricted-imports': restrictImports({ patterns: [boundary] }) },
      },
    ];
  }),
  {
    files: ['shared/src/**'],
    ignores: ['shared/src/router.ts', 'shared/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports({ ...routerOnlyThroughShared, patterns: [sharedBoundary] }) },
  },
  {
    files: ['shared/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports({ patterns: [sharedBoundary] }) },
  },
  { files: ['contract/src/**'], rules: { 'no-restricted-imports': contractBoundary } },
  // The shell's renderer meets the rendering host through the platform's render contract: its types
  // only (erased from the bundles), never server code.
  {
    files: FRONT_ENDS.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@marketplace/platform', '@marketplace/platform/*'],
              allowTypeImports: true,
              message: 'A front end imports only types of the platform (import type … from its render contract).',
            },
          ],
        },
      ],
    },
  },
  // The platform serves the front ends' releases and loads the shell's server build at run time;
  // it imports none of their files (the shell imports the platform's render contract, types only).
  {
    files: ['platform/src/**'],
    rules: {
      'no-restricted-imports': restrictImports({
        patterns: [
          reachingInto([...FRONT_ENDS, 'shared', 'api'], 'The platform imports no front end, shared or API file.'),
        ],
      }),
    },
  },
]);
