// Jest settings shared by every package: swc for speed (type-checking is `pnpm typecheck`).
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

function jestConfig({ environment = 'jsdom', setupFiles = [] } = {}) {
  return {
    testEnvironment: environment,
    transform: {
      '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
      '\\.md$': path.join(__dirname, 'markdown-transform.cjs'),
    },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'style-stub.cjs'),
      '\\.inline\\.svg$': path.join(__dirname, 'inline-svg-stub.cjs'),
      '\\.(svg|png|jpe?g|webp|avif|woff2)$': path.join(__dirname, 'file-stub.cjs'),
      '^@blooms/shared/(.*)$': path.join(root, 'shared', 'src', '$1'),
    },
    setupFilesAfterEnv: [...(environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.cjs')] : []), ...setupFiles],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    // Builds are no module of a test's, and \`pnpm test\` makes them while jest runs.
    modulePathIgnorePatterns: ['/dist/'],
    // A form test types a whole address key by key; on a busy two-core CI machine that can take
    // longer than jest's 5 s default without anything being wrong.
    testTimeout: 60_000,
    // Jest's default is a worker fewer than the cores: on two, one, i.e. every file in turn.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  };
}

module.exports = { jestConfig };
