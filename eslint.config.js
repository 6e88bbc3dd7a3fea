// @ts-check
// Lint for the whole repository: `npm run lint` (with `prettier --check`), and a step of `npm test`.
// Formatting is Prettier's alone (eslint-config-prettier, last, turns off every rule it would fight with).
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Calls that make a machine or a view impure, bare or through the global object. */
const globalCalls = (names, message) => ({
  globals: names.map((name) => ({ name, message })),
  syntax: {
    selector: `MemberExpression[object.name=/^(window|globalThis|self)$/][property.name=/^(${names.join('|')})$/]`,
    message,
  },
});

const machineMessage =
  'machines/ are pure XState: no timers (use `after` delays), fetch or storage (use an actor injected with .provide()).';
const machineCalls = globalCalls(
  ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'fetch', 'localStorage', 'sessionStorage'],
  machineMessage,
);

const viewMessage =
  'Views render the view model and forward events: timers are the machine’s `after` delays, calls live in src/api.';
const viewCalls = globalCalls(['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'fetch'], viewMessage);

const machineImportMessage =
  'machines/ are pure XState and paste into Stately Studio: no React, UI, HTTP or Telegram libraries, nothing from ' +
  'src/ — effects are named actors/actions the screen injects with .provide().';

// The contract modules that load zod, found by reading them: the client may take only their types (`import type`),
// or zod (≈ 24 KB gzip) lands in every chunk that imports one. Numbers both sides need are in contract/constants.ts.
const zodContracts = readdirSync(new URL('./contract', import.meta.url), { recursive: true })
  .filter((f) => typeof f === 'string' && f.endsWith('.ts'))
  .filter((f) => /from 'zod'/.test(readFileSync(new URL(`./contract/${f}`, import.meta.url), 'utf8')))
  .map((f) => f.replace(/\.ts$/, ''));
const zodMessage =
  'This contract module loads zod: the client imports only its types (import type …); shared numbers are in ' +
  'contract/constants.ts.';

// React Router's Link and NavLink keep prefetching, route discovery and URL masks on the first load (decision 0273).
const routerLinkMessage =
  'Use RouteLink (src/components/RouteLink.tsx): React Router’s Link and NavLink add ≈ 2 KB gzip to the first load.';

const ROUTE_MESSAGE =
  'Routes are HTTP only: a route file imports its domain’s service.ts (the rules and reads are there), never its ' +
  'repository.ts or a rule file.';

export default defineConfig([
  globalIgnores(['dist/', 'data/', 'coverage/', 'tmp/', 'reports/', '.stryker-tmp/']),

  // A disable comment that no longer suppresses anything is an error: each one left must still be needed.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  // Syntax-only: the type-aware set costs 3–4× the time and found no bug here (docs/decisions/0004-eslint-flat-syntax-only.md).
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `typeof import('…')` stays allowed: vitest's `importOriginal<typeof import('…')>()` needs it.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'smart'],
    },
  },

  // React: the hooks rules (with the compiler's rules) and accessibility of JSX.
  { files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'], extends: [reactHooks.configs.flat.recommended] },
  { files: ['**/*.tsx'], extends: [jsxA11y.flatConfigs.recommended] },

  // Machines are pure: no UI or effect libraries, nothing from the client, no timers, fetch or storage.
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', '@xstate/react', 'ky', 'styled-components', 'framer-motion'].map((name) => ({
            name,
            message: machineImportMessage,
          })),
          patterns: [
            {
              regex: '^(react|react-dom|styled-components|framer-motion|ky)/|^@telegram-apps/',
              message: machineImportMessage,
            },
            { regex: '^(\\.\\./)+src(/|$)', message: machineImportMessage },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...machineCalls.globals],
      'no-restricted-syntax': [
        'error',
        machineCalls.syntax,
        { selector: 'ImportExpression', message: `${machineImportMessage} (No dynamic import either.)` },
      ],
    },
  },

  // Views render a machine's view model and forward events.
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...viewCalls.globals],
      'no-restricted-syntax': ['error', viewCalls.syntax],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ky', message: viewMessage }], patterns: [{ regex: '^ky/', message: viewMessage }] },
      ],
    },
  },

  // The client (machines and src/) takes only types from the contract modules that load zod, and no router Link.
  {
    files: ['machines/**/*.ts', 'src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            importNames: ['Link', 'NavLink'],
            message: routerLinkMessage,
          })),
          patterns: [
            {
              regex: `(^|/)contract/(${zodContracts.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
              allowTypeImports: true,
              message: zodMessage,
            },
          ],
        },
      ],
    },
  },

  // The server checks init data itself (server/http/init-data.ts): the library's validators compare the hash with
  // `!==`, which leaks through timing how much of a forged hash is right. Signing (the dev launcher) stays allowed.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@telegram-apps/init-data-node',
              importNames: ['validate', 'isValid', 'validate3rd', 'isValid3rd'],
              message:
                'The library compares the HMAC with !== (not in constant time): use initDataSignature from ' +
                'server/http/init-data.ts.',
            },
          ],
        },
      ],
    },
  },

  // Import boundaries between the layers and between server domains (docs/decisions/0180-boundaries-by-eslint-plugin.md).
  {
    files: ['contract/**/*.ts', 'machines/**/*.ts', 'src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['contract/**', 'machines/**', 'src/**', 'server/**'],
      'boundaries/files': [
        { category: 'composition-root', pattern: ['server/app.ts', 'server/start/main.ts'] },
        // A domain's HTTP routes, and what they may take of their own domain: its entry and the few files that speak
        // HTTP or the Bot API beside them (the event stream, the multipart upload, the bot's side of payments).
        { category: 'domain-route', pattern: ['server/*/routes.ts', 'server/*/*-route.ts'] },
        {
          category: 'route-reach',
          pattern: ['server/*/service.ts', 'server/chat/sse.ts', 'server/voice/upload.ts', 'server/billing/bot.ts'],
        },
      ],
      'boundaries/elements': [
        { type: 'contract', pattern: 'contract', partialMatch: false },
        { type: 'machines', pattern: 'machines', partialMatch: false },
        { type: 'src', pattern: 'src', partialMatch: false },
        {
          type: 'server-infra',
          pattern: 'server/@(db|http|start|config|ops|metrics)',
          partialMatch: false,
          capture: ['folder'],
        },
        { type: 'server-domain', pattern: 'server/*', partialMatch: false, capture: ['domain'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports inside one element are checked too: a route may not reach its own domain's rules.
          checkInternals: true,
          policies: [
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'contract' } } } },
            { from: { element: { type: 'machines' } }, allow: { to: { element: { type: ['machines', 'contract'] } } } },
            {
              from: { element: { type: 'src' } },
              allow: { to: { element: { type: ['src', 'machines', 'contract'] } } },
            },
            {
              from: { element: { type: 'server-*' } },
              allow: { to: { element: { type: ['contract', 'server-infra'] } } },
            },
            {
              from: { file: { categories: 'composition-root' } },
              allow: [{ to: { element: { type: 'server-*' } } }, { to: { file: { categories: 'composition-root' } } }],
            },
            // The config validates the crisis lines file at start through safety's service.ts.
            {
              from: { element: { type: 'server-infra', captured: { folder: 'config' }, fileInternalPath: 'index.ts' } },
              allow: {
                to: {
                  element: { type: 'server-domain', captured: { domain: 'safety' }, fileInternalPath: 'service.ts' },
                },
              },
            },
            {
              from: { element: { type: 'server-domain' } },
              allow: {
                to: { element: { type: 'server-domain', captured: { domain: '{{ from.element.captured.domain }}' } } },
              },
            },
            {
              from: { element: { type: 'server-domain' } },
              allow: { to: { element: { type: 'server-domain', fileInternalPath: 'service.ts' } } },
            },
            // Routes are HTTP only: of their own domain they reach service.ts (and the HTTP and bot adapters beside
            // it), never a rule file or repository.ts. The later policy wins (docs/decisions/0266-routes-call-services-only.md).
            {
              from: { file: { categories: 'domain-route' } },
              disallow: {
                to: { element: { type: 'server-domain', captured: { domain: '{{ from.element.captured.domain }}' } } },
              },
              message: ROUTE_MESSAGE,
            },
            {
              from: { file: { categories: 'domain-route' } },
              allow: {
                to: {
                  element: { type: 'server-domain', captured: { domain: '{{ from.element.captured.domain }}' } },
                  file: { categories: 'route-reach' },
                },
              },
            },
          ],
        },
      ],
    },
  },

  // Tests: vitest fixtures that need none of the others are written `async ({}, use) => …`.
  { files: ['tests/**'], rules: { 'no-empty-pattern': 'off' } },

  prettier,
]);
