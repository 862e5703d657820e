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
 * app. A feature uses another only through that feature's public index (`features/<name>/index.ts`, which
 * exports what the others need), never its files; what is nobody's lives in lib/ or is wired in app/.
 */
const importZones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: "A feature imports another only through its public index ('@/features/<name>'), never its files.",
  })),
  {
    target: ['./web/src/components', './web/src/config', './web/src/hooks', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code must not depend on features or the app.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'Features must not depend on the app.' },
];

/**
 * The repository's layers. shared/ (route table, schemas, rules) is used by functions/ and web/ and imports
 * nothing else of ours; the Lambda code and the web app import only themselves and shared/; the deployed
 * stacks do not import the local stack.
 */
const repositoryZones = [
  {
    target: './shared',
    from: ['./functions', './web', './local', './infra', './tests', './bench'],
    message: 'shared/ is used by functions/ and web/ and imports nothing else of ours.',
  },
  {
    target: './functions',
    from: ['./web', './local', './infra', './tests', './bench'],
    message: 'Lambda code imports only functions/ and shared/.',
  },
  { target: './web', from: ['./functions', './local', './infra'], message: 'The web app imports only web/ and shared/.' },
  { target: './infra', from: './local', message: 'The local stack stands in for AWS; the deployed stacks do not import it.' },
];

const entryPoints = ['./functions/http', './functions/auth', './functions/realtime', './functions/schedule', './functions/ai'];

/**
 * Inside functions/ (not its tests, which set up and read the table directly): the entry points (http/,
 * realtime/, schedule/, ai/) → domain/ (business rules, the membership check) → data/ (the table), with lib/,
 * google/ and mail/ as services beside them. A Lambda imports its own part of the route table, never the
 * whole of shared/routes.ts.
 */
const functionsZones = [
  {
    target: './functions/data',
    from: [...entryPoints, './functions/domain', './functions/google', './functions/mail'],
    message: 'data/ is the bottom layer: it imports only lib/ and shared/.',
  },
  { target: './functions/domain', from: entryPoints, message: 'domain/ does not know who calls it.' },
  {
    target: ['./functions/lib', './functions/google', './functions/mail'],
    from: [...entryPoints, './functions/domain'],
    // The route wrapper (lib/http-handler.ts) holds every call made with a personal API token to its rules.
    except: ['./api-token-access.ts'],
    message: 'lib/, google/ and mail/ serve the layers above and import none of them.',
  },
  {
    target: './functions/lib',
    from: './functions/data',
    // The idempotency middleware keeps its records in the table (lib/idempotency.ts).
    except: ['./idempotency.ts'],
    message: 'lib/ sits below data/ (data/ uses its config, retry and logging).',
  },
  {
    target: './functions/http',
    from: './functions/data',
    message: 'Handlers call domain/, where the membership check and the business rules are.',
  },
  // realtime/, schedule/ and ai/ reach workspace data through domain/ too. What they use directly is their
  // own bookkeeping, which no membership rule covers; each other direct use is marked where it is made.
  {
    target: './functions/realtime',
    from: './functions/data',
    except: [
      './connection.ts', // the sockets: connections, subscriptions, the token's expiry
      './socket-tickets.ts', // $connect redeems its one-use ticket
      './quota.ts', // per-connection and per-user message limits, the assistant's budgets
      './chat-runs.ts', // reply slots and Stop markers
      './stream-changes.ts', // the stream consumers read the table's own change records
      './item-changes.ts', // … and what they mean to the people watching
      './activity.ts', // … and write what they derive from them: the activity feed
      './search-index.ts', // … and the search entries
      './task-history.ts', // … and each task's history
      './inbox-changes.ts', // … and the inbox notices they mean to each reader
      './inbox.ts',
    ],
    message: 'realtime/ reaches workspace data through domain/, like the HTTP handlers.',
  },
  {
    target: './functions/schedule',
    from: './functions/data',
    except: [
      './plan-runs.ts', // the weekly plan's runs: leases and the list of workspaces that asked for it
      './reminders.ts', // the reminders sent: leases, and the registry of workspaces
      './inbox.ts', // the due-date reminder's inbox notices
      './inbox-recipients.ts',
    ],
    message: 'schedule/ reaches workspace data through domain/, like the HTTP handlers.',
  },
  {
    target: './functions/ai',
    from: './functions/data',
    except: [
      './chat-runs.ts', // reply slots, Stop markers and the undo records of the assistant's writes
      './quota.ts', // the daily token budgets it charges
      './proposals.ts', // the writes it proposes, and their application (once)
    ],
    message: 'ai/ reaches workspace data through domain/, like the HTTP handlers.',
  },
  {
    target: './functions',
    from: './shared/routes.ts',
    message: "Import the route's part (e.g. '../../shared/routes/tasks.js'): the whole table puts every route's schemas into the bundle (bench/lambda-bundles.ts).",
  },
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
    // Layers and cycles across the repository (the TypeScript resolver follows the `.js` specifiers to `.ts`).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Without these, no-cycle skips every .ts module it reaches and finds nothing.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...repositoryZones, ...functionsZones, ...importZones] }],
      // Our modules only: following the packages' type declarations too doubles the lint time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['functions/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: repositoryZones }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
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
