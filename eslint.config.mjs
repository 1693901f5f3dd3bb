import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { APPS } from './scripts/lib/builds.mjs';

// The import rules that keep the architecture's layers apart (docs/architecture.md). Each is
// a no-restricted-imports zone; `pnpm lint` fails on a crossing, and
// scripts/lint/boundaries.test.mjs proves that it does.

const otherApps = (self) => APPS.filter((app) => app !== self);

/** No import reaches into these apps' folders (by relative path or package name). */
const notApps = (apps) => ({
  regex: `(^|/)(${apps.join('|')})(/|$)`,
  message: 'Apps are deployed apart: an app never imports another app (share through @blooms/shared, or load a remote at runtime).',
});

const BROWSER_ONLY = [
  { regex: '^@blooms/shared/(runtime|ui)/', message: 'The server imports only @blooms/shared/contract: runtime and ui are the browser’s.' },
];

const CONTRACT_PURE = [
  {
    regex: '^(react|react-dom|react-router-dom|zustand|firebase)(/|$)',
    message: 'The contract is pure: no React, no stores, no Firebase.',
  },
  {
    regex: '^(@blooms/shared/)?(\\.\\./)?(runtime|ui)/',
    message: 'The contract imports no runtime: keep it pure so the server can use it.',
  },
];

/** Stateful modules by package name: that is what Module Federation matches to share one instance. */
const STATE_BY_NAME = {
  regex: '^\\./(auth-store|popup-store|app-config)$',
  message: 'Import stateful shared modules as @blooms/shared/runtime/<name>.',
};

/** The server's layers below http/: each has its own zone, so the general server zone skips them. */
const BELOW_HTTP = ['functions/src/services/**', 'functions/src/read-models/**', 'functions/src/infrastructure/**'];

const zone = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'firebase-dist/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'functions/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // shared/: contract (pure) <- runtime, ui (browser).
  zone(['shared/src/contract/**'], [...CONTRACT_PURE, notApps(APPS)]),
  zone(['shared/src/runtime/**', 'shared/src/ui/**'], [STATE_BY_NAME, notApps(APPS)], ['shared/src/**/*.test.{ts,tsx}']),
  // functions/: the server; its services, read models and infrastructure know nothing of HTTP.
  zone(['functions/**/*.ts'], [...BROWSER_ONLY, notApps(APPS)], [...BELOW_HTTP]),
  zone(
    ['functions/src/services/**'],
    [
      ...BROWSER_ONLY,
      notApps(APPS),
      { regex: '(^|/)http(/|$)', message: 'Services throw domain errors (services/errors.ts); http/ maps them to statuses.' },
      { regex: '^(fastify|@fastify/)', message: 'Services are transport-free: no Fastify types or plugins.' },
    ],
  ),
  zone(
    ['functions/src/read-models/**'],
    [
      ...BROWSER_ONLY,
      notApps(APPS),
      { regex: '(^|/)http(/|$)', message: 'Read models return data; http/ turns it into responses (and builds the URLs).' },
      { regex: '^(fastify|@fastify/)', message: 'Read models are transport-free: no Fastify types or plugins.' },
    ],
  ),
  zone(
    ['functions/src/infrastructure/**'],
    [
      ...BROWSER_ONLY,
      notApps(APPS),
      {
        regex: '(^|/)http(/|$)',
        message: 'Infrastructure (outbox, change feed, stores) serves every entry point, not only HTTP: it never imports http/.',
      },
    ],
  ),
  // Apps: no app imports another; inside the host, nothing below app/ imports app/.
  ...APPS.filter((app) => app !== 'host').map((app) => zone([`${app}/**/*.{ts,tsx}`], [notApps(otherApps(app))])),
  zone(['host/src/app/**', 'host/src/*.{ts,tsx}'], [notApps(otherApps('host'))]),
  zone(
    ['host/src/**'],
    [
      notApps(otherApps('host')),
      { regex: '(^|/)app/', message: 'Below app/ nothing imports app/: app composes features and components, not the other way.' },
    ],
    ['host/src/app/**', 'host/src/*.{ts,tsx}'],
  ),
  // Tests run at the suite's time (docs/testing.md, "A test's date"): none reads today's date itself.
  {
    files: ['functions/test/**/*.ts', 'functions/faults/**/*.ts', 'functions/firebase-suite/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['functions/test/support/test-now.ts', 'e2e/support/test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            "A test reads the suite's time (testNow in functions/test/support/test-now.ts, suiteNow in e2e/support/test.ts), never today's date.",
        },
      ],
    },
  },
  {
    files: ['e2e/tests/**', 'e2e/screenshots/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from support/test: its contexts run on the suite's clock.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['scripts/jest/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
  },
);
