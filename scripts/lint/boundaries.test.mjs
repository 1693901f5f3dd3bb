// Proves that `pnpm lint` refuses each import that crosses a layer of the architecture
// (docs/architecture.md), and accepts the allowed direction. Run by `pnpm lint`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { repoRoot } from '../lib/builds.mjs';

const eslint = new ESLint({ cwd: repoRoot });

/** The boundary messages ESLint reports for `code` placed at `filePath`. */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused = [
  [
    'a remote importing another remote',
    'staff-remote/src/screens/X.tsx',
    "import { x } from '../../../admin-remote/src/features/users/api';",
  ],
  ['a remote importing the host', 'marketing-remote/src/screens/X.tsx', "import { x } from '../../../host/src/components/Header';"],
  ['the contract importing the browser runtime', 'shared/src/contract/x.ts', "import { useAuthStore } from '../runtime/auth-store';"],
  ['the contract importing React', 'shared/src/contract/x.ts', "import { useState } from 'react';"],
  ['the contract importing a store library', 'shared/src/contract/x.ts', "import { create } from 'zustand';"],
  ['a service importing http/', 'functions/src/services/x.ts', "import { HttpError } from '../http/errors';"],
  ['a service importing Fastify', 'functions/src/services/x.ts', "import type { FastifyRequest } from 'fastify';"],
  ['a read model importing http/', 'functions/src/read-models/month-list/x.ts', "import { HttpError } from '../../http/errors';"],
  ['a read model importing Fastify', 'functions/src/read-models/month-list/x.ts', "import type { FastifyRequest } from 'fastify';"],
  ['infrastructure importing http/', 'functions/src/infrastructure/x.ts', "import { Metrics } from '../http/metrics';"],
  [
    'a read model importing a service',
    'functions/src/read-models/month-list/x.ts',
    "import { moveDelivery } from '../../services/deliveries';",
  ],
  [
    'infrastructure importing a service',
    'functions/src/infrastructure/x.ts',
    "import { insertSubscription } from '../services/subscriptions';",
  ],
  [
    'infrastructure importing a read model',
    'functions/src/infrastructure/x.ts',
    "import { readDelivery } from '../read-models/month-list';",
  ],
  ['payments importing http/', 'functions/src/payments/x.ts', "import { API_PATH } from '../http/paths';"],
  ['payments importing a service', 'functions/src/payments/x.ts', "import { chargeDueMonths } from '../services/billing';"],
  ['mail importing a service', 'functions/src/mail/x.ts', "import { userOf } from '../services/users';"],
  ['the database importing payments', 'functions/src/db/x.ts', "import { TEST_CHECKOUT_PATH } from '../payments/provider';"],
  ['a domain rule importing the database', 'functions/src/domain/x.ts', "import type { Db } from '../db/database';"],
  ['a domain rule importing drizzle', 'functions/src/domain/x.ts', "import { sql } from 'drizzle-orm';"],
  [
    'a read model importing the browser runtime',
    'functions/src/read-models/x.ts',
    "import { useAppConfig } from '@blooms/shared/runtime/app-config';",
  ],
  [
    'infrastructure importing the browser runtime',
    'functions/src/infrastructure/x.ts',
    "import { useAppConfig } from '@blooms/shared/runtime/app-config';",
  ],
  [
    'the server importing the browser runtime',
    'functions/src/http/x.ts',
    "import { useAppConfig } from '@blooms/shared/runtime/app-config';",
  ],
  ['the host below app/ importing app/', 'host/src/components/X.tsx', "import { App } from '../app/App';"],
  ['a runtime module importing a stateful module by path', 'shared/src/runtime/x.ts', "import { useAuthStore } from './auth-store';"],
];

for (const [what, filePath, code] of refused) {
  test(`refuses ${what}`, async () => {
    assert.equal((await boundaryErrors(filePath, code)).length, 1);
  });
}

const allowed = [
  [
    'a remote importing the contract and runtime',
    'staff-remote/src/screens/X.tsx',
    "import { MONTH_NAMES } from '@blooms/shared/contract/months';\nimport { useAuthStore } from '@blooms/shared/runtime/auth-store';",
  ],
  ['the server importing the contract', 'functions/src/services/x.ts', "import { MONTH_NAMES } from '@blooms/shared/contract/months';"],
  ['http/ importing services', 'functions/src/http/x.ts', "import { NotFoundError } from '../domain/errors';"],
  ['http/ importing a read model', 'functions/src/http/staff/x.ts', "import { listMonthPage } from '../../read-models/month-list';"],
  [
    'a service importing a read model and infrastructure',
    'functions/src/services/x.ts',
    "import { readDelivery } from '../read-models/month-list';\nimport { announce } from '../infrastructure/change-feed';",
  ],
  [
    'a read model importing another read model, infrastructure, the database and a domain rule',
    'functions/src/read-models/month-list/x.ts',
    "import { ledgerOf } from '../ledger';\nimport { announce } from '../../infrastructure/change-feed';\nimport { subscriptions } from '../../db/schema';\nimport { NotFoundError } from '../../domain/errors';",
  ],
  [
    'payments importing infrastructure, mail and the database',
    'functions/src/payments/x.ts',
    "import type { Logger } from '../infrastructure/logger';\nimport type { Mailer } from '../mail/mailer';\nimport { checkoutSessions } from '../db/schema';",
  ],
  ['the database importing a domain rule', 'functions/src/db/x.ts', "import { lifecycleOf } from '../domain/lifecycle';"],
  ['the host app/ importing features', 'host/src/app/X.tsx', "import { LoginPage } from '../features/auth/LoginPage';"],
];

for (const [what, filePath, code] of allowed) {
  test(`allows ${what}`, async () => {
    assert.deepEqual(await boundaryErrors(filePath, code), []);
  });
}

test('refuses a server module over 300 lines, and allows one of 300', async () => {
  const lines = (count) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n');
  const sizeErrors = async (code) =>
    (await eslint.lintText(code, { filePath: 'functions/src/services/x.ts' }))[0].messages.filter((m) => m.ruleId === 'max-lines');
  assert.equal((await sizeErrors(lines(301))).length, 1);
  assert.deepEqual(await sizeErrors(lines(300)), []);
});
