// One lint configuration for the whole workspace. Architecture rules live here, not in prose.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const tsFiles = ['**/*.ts', '**/*.tsx'];

// Import restrictions. ESLint flat config replaces a rule's options per block, so every block that
// sets 'no-restricted-imports' lists all the restrictions that apply to its files.
const radixOnlyThroughUi = {
  group: ['radix-ui', '@radix-ui/*'],
  message: 'Use the components of @crm/ui.',
};
const testingOnlyInTests = { name: '@crm/testing', message: 'Test helpers are for tests only.' };
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/*.stories.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'tmp/**',
      '**/*.mjs',
      '**/*.js',
      'apps/api/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'storybook-static/**',
      '.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: tsFiles,
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
      ],
      // Dependency direction of DESIGN.md §2. Every project has a scope:* and a type:* tag; no wildcard rule.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // variant's tests use @crm/testing's brand fixture, which is typed by @crm/variant. The cycle
          // is test-only: the no-restricted-imports blocks below forbid @crm/testing in non-test files.
          ignoredCircularDependencies: [['variant', 'testing']],
          depConstraints: [
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', 'type:feature', 'type:frame', 'type:ui', 'type:variant', 'type:data', 'type:contract', 'type:util', 'type:testing', 'type:config'] },
            // libs/brand-app: what every brand app is made of (providers, api-client wiring, the base routes).
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:feature', 'type:frame', 'type:ui', 'type:variant', 'type:data', 'type:contract', 'type:util', 'type:testing', 'type:config'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contract', 'type:util', 'type:config'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:frame', 'type:ui', 'type:variant', 'type:data', 'type:contract', 'type:util', 'type:testing', 'type:config'] },
            { sourceTag: 'type:frame', onlyDependOnLibsWithTags: ['type:frame', 'type:ui', 'type:variant', 'type:data', 'type:contract', 'type:util', 'type:testing', 'type:config'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:variant', onlyDependOnLibsWithTags: ['type:contract', 'type:util', 'type:testing', 'type:config'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:contract', 'type:util'] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:config', onlyDependOnLibsWithTags: ['type:contract', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
            // Shared test helpers (libs/testing); only test files may import them (see below).
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:ui', 'type:variant', 'type:data', 'type:contract', 'type:util', 'type:config'] },
          ],
        },
      ],
    },
  },
  {
    // fetch belongs to api-client only (and to server-side code, which talks to vendors).
    files: ['libs/**/*.ts', 'libs/**/*.tsx', 'apps/web-*/**/*.ts', 'apps/web-*/**/*.tsx'],
    ignores: ['libs/api-client/**', '**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the API through @crm/api-client.' }],
    },
  },
  {
    // Radix primitives only through the design system.
    files: ['libs/**/*.tsx', 'libs/**/*.ts', 'apps/web-*/**/*.tsx', 'apps/web-*/**/*.ts'],
    ignores: ['libs/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [radixOnlyThroughUi] }],
    },
  },
  {
    // Test helpers only in tests: non-test files of the libraries and apps above (Radix still applies).
    files: ['libs/**/*.tsx', 'libs/**/*.ts', 'apps/web-*/**/*.tsx', 'apps/web-*/**/*.ts'],
    ignores: [...testFiles, 'libs/testing/**', 'libs/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [testingOnlyInTests], patterns: [radixOnlyThroughUi] },
      ],
    },
  },
  {
    // Test helpers only in tests: non-test files of the design system and the other apps (no Radix rule).
    files: ['libs/ui/**/*.tsx', 'libs/ui/**/*.ts', 'apps/**/*.tsx', 'apps/**/*.ts'],
    ignores: [...testFiles, 'apps/web-*/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [testingOnlyInTests] }],
    },
  },
  {
    // Database access only inside repositories and db/.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Database access belongs in *.repository.ts or db/.' },
            testingOnlyInTests,
          ],
          patterns: [
            { group: ['drizzle-orm/*', 'pg'], message: 'Database access belongs in *.repository.ts or db/.' },
          ],
        },
      ],
    },
  },
  {
    // Vite and Vitest config files: tool conventions need a default export and reach tools/vite.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/drizzle.config.ts', '**/playwright.config.ts', '**/global-setup.ts', '.storybook/main.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
      ],
      '@nx/enforce-module-boundaries': 'off',
    },
  },
  {
    // Storybook reads a story file's meta, and its own main/preview config, from the default export.
    files: ['**/*.stories.tsx', '.storybook/main.ts', '.storybook/preview.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
      ],
    },
  },
  prettier,
);
