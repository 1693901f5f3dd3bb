// The previous release, as releases/previous.json records it (a commit: tags may not travel
// with a clone), and its API document, made from that commit's route table by today's
// generator, so both documents are written alike and only the table's changes differ.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyApiRoute } from '../src/contract/api-route';
import { openApiDocument, type OpenApiDocument } from '../src/contract/openapi';
import { REPO_ROOT, SHARED_DIR } from './api-document.mts';

export const PREVIOUS_RELEASE_FILE = path.join(REPO_ROOT, 'releases', 'previous.json');
const CONTRACT = 'shared/src/contract';
/** Inside shared/node_modules, so the old contract's `zod` resolves to the installed one. */
const CACHE = path.join(SHARED_DIR, 'node_modules', '.cache', 'previous-release');

/** Runs git in the repository; the output, or an error that says what failed. */
export function git(args: string[], input?: Buffer): Buffer {
  const result = spawnSync('git', args, { cwd: REPO_ROOT, input, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${String(result.stderr).trim()}`);
  return result.stdout;
}

/** Whether `ancestor` is `commit` or comes before it. */
export const isAncestor = (ancestor: string, commit: string) =>
  spawnSync('git', ['merge-base', '--is-ancestor', ancestor, commit], { cwd: REPO_ROOT }).status === 0;

/** The previous release's commit, checked to be in this clone. */
export function previousReleaseCommit(): string {
  if (!fs.existsSync(PREVIOUS_RELEASE_FILE))
    throw new Error('releases/previous.json is missing: it names the previous release by its commit.');
  const { commit } = JSON.parse(fs.readFileSync(PREVIOUS_RELEASE_FILE, 'utf8')) as { commit?: unknown };
  if (typeof commit !== 'string' || !/^[0-9a-f]{7,40}$/.test(commit))
    throw new Error('releases/previous.json must have a "commit": the previous release’s commit hash.');
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (found.status !== 0)
    throw new Error(`The previous release's commit ${commit} is not in this clone (a shallow clone?): run git fetch --unshallow.`);
  return found.stdout.trim();
}

/** The previous release's route table: its contract folder, unpacked once per commit, imported. */
async function previousRoutes(commit: string): Promise<Record<string, AnyApiRoute>> {
  const folder = path.join(CACHE, commit);
  if (!fs.existsSync(folder)) {
    const unpacking = `${folder}.${process.pid}`;
    fs.mkdirSync(unpacking, { recursive: true });
    const tar = spawnSync('tar', ['-x', '-C', unpacking], { input: git(['archive', '--format=tar', commit, CONTRACT]) });
    if (tar.status !== 0) throw new Error(`Unpacking ${CONTRACT} of ${commit} failed: ${String(tar.stderr)}`);
    // Another run may have unpacked the same commit meanwhile: either copy will do.
    if (fs.existsSync(folder)) fs.rmSync(unpacking, { recursive: true });
    else fs.renameSync(unpacking, folder);
  }
  const table = (await import(pathToFileURL(path.join(folder, CONTRACT, 'api-routes.ts')).href)) as { API: Record<string, AnyApiRoute> };
  return table.API;
}

export async function previousDocument(commit: string): Promise<OpenApiDocument> {
  return openApiDocument(await previousRoutes(commit));
}
