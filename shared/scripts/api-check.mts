// Part of `pnpm lint`: the committed API document (shared/openapi.json) is what the route table
// makes now, and nothing in it breaks an app of the previous release (releases/previous.json)
// unless declared in releases/breaking-changes.json as docs/releases.md says.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { API } from '../src/contract/api-routes';
import { breakingChanges, describeChange, matchDeclarations, type Declaration } from '../src/contract/api-changes';
import { openApiDocument } from '../src/contract/openapi';
import { documentText, readCommittedDocument, REPO_ROOT } from './api-document.mts';
import { isAncestor, previousDocument, previousReleaseCommit } from './previous-release.mts';

const DECLARED_FILE = path.join(REPO_ROOT, 'releases', 'breaking-changes.json');

const declarationSchema = z.strictObject({
  route: z.string(),
  field: z.string().nullable().optional(),
  deprecatedIn: z.string(),
  why: z.string().min(1),
}) satisfies z.ZodType<Declaration>;

function declarations(): Declaration[] {
  if (!fs.existsSync(DECLARED_FILE)) return [];
  const parsed = z.array(declarationSchema).safeParse(JSON.parse(fs.readFileSync(DECLARED_FILE, 'utf8')));
  if (!parsed.success) throw new Error(`releases/breaking-changes.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const named = (declaration: Declaration) => `${declaration.route}${declaration.field ? ` ${declaration.field}` : ''}`;

/** Each problem as a line: a stale document, an undeclared breaking change, a declaration that does not stand. */
async function problems(): Promise<{ problems: string[]; summary: string }> {
  const found: string[] = [];
  if (readCommittedDocument() !== documentText(API))
    found.push('shared/openapi.json is not what the route table makes now: run pnpm openapi and commit it.');

  const commit = previousReleaseCommit();
  const changes = breakingChanges(await previousDocument(commit), openApiDocument(API));
  const { undeclared, declared, stale } = matchDeclarations(changes, declarations());
  for (const change of undeclared) found.push(`Breaking change: ${describeChange(change)}`);
  for (const declaration of stale)
    found.push(
      `releases/breaking-changes.json declares ${named(declaration)}, which is no breaking change against the previous release (released already, or misnamed): remove or correct it.`,
    );
  for (const declaration of declared)
    if (!isAncestor(declaration.deprecatedIn, commit))
      found.push(
        `releases/breaking-changes.json: ${named(declaration)} was deprecated in ${declaration.deprecatedIn}, which is not in the previous release ` +
          `(${commit.slice(0, 10)}): a breaking change waits for a release after its deprecation.`,
      );
  const summary = `${Object.keys(API).length} routes compared with the previous release (${commit.slice(0, 10)}); ${declared.length} declared breaking change(s)`;
  return { problems: found, summary };
}

const started = Date.now();
try {
  const { problems: found, summary } = await problems();
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (found.length === 0) console.log(`API contract: ${summary} (${took}).`);
  else {
    console.error(
      `API contract: ${found.length} problem(s) (docs/releases.md, "The API contract"):\n${found.map((line) => `  ${line}`).join('\n')}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`API contract: ${(error as Error).message}`);
  process.exitCode = 1;
}
