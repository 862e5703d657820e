import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's import direction (bulletproof-react): shared code (components, config, lib) → features →
 * app. A feature never imports another feature; what two features need lives in lib/ or is wired in app/.
 */
const importZones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to lib/ or wire it in app/.',
  })),
  {
    target: ['./web/src/components', './web/src/config', './web/src/hooks', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code must not depend on features or the app.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'Features must not depend on the app.' },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cdk.out', '.local', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Everything here ends up in a Lambda bundle or the web app's first load.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Use 'zod/mini': classic zod puts ~450 KB into every bundle (bench/lambda-bundles.ts)." }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Accessibility in the markup itself (axe checks the rendered pages in the e2e tests).
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shared/routes',
              message: "Import the route's part (e.g. '@shared/routes/tasks'): the whole table puts every route's schemas into the first load (bench/bundle-size.ts).",
            },
          ],
        },
      ],
    },
  },
);
