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

const zone = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/**
 * The server's layers, top to bottom: each imports only the layers below it (and its own
 * layer's other folders). A pure rule with no database sits in domain/, the bottom.
 */
const SERVER_LAYERS = [['http'], ['services'], ['read-models'], ['infrastructure', 'payments', 'mail', 'auth'], ['db'], ['domain']];
const LAYER_ORDER = SERVER_LAYERS.map((dirs) => dirs.join(', ')).join(' -> ');
const layerFiles = (dirs) => dirs.map((dir) => `functions/src/${dir}/**`);
const BELOW_HTTP = SERVER_LAYERS.slice(1).flatMap(layerFiles);

/** One zone a layer below http/: none of the layers above it, and no Fastify. */
const layerZone = (dirs, index) =>
  zone(layerFiles(dirs), [
    ...BROWSER_ONLY,
    notApps(APPS),
    {
      regex: `^\\.\\.?/(\\.\\./)*(${SERVER_LAYERS.slice(0, index).flat().join('|')})(/|$)`,
      message: `Imports point down the server's layers (${LAYER_ORDER}): ${dirs.join(', ')} never imports a layer above it; move the shared piece down to the layer it belongs to.`,
    },
    { regex: '^(fastify|@fastify/)', message: 'Only http/ knows the transport: no Fastify types or plugins below it.' },
    ...(dirs.includes('domain') ? [{ regex: '^drizzle-orm', message: 'domain/ holds pure rules: no database.' }] : []),
  ]);

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
  // functions/: the server; below http/, imports only point down (SERVER_LAYERS).
  zone(['functions/**/*.ts'], [...BROWSER_ONLY, notApps(APPS)], [...BELOW_HTTP]),
  ...SERVER_LAYERS.slice(1).map((dirs, index) => layerZone(dirs, index + 1)),
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
  // A server module is read whole: one over 300 lines holds more than one concern (docs/architecture.md).
  { files: ['functions/src/**/*.ts'], rules: { 'max-lines': ['error', { max: 300 }] } },
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
