import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';

/** KEY=VALUE lines, as Cloud Functions reads them (comments, blank lines and quotes allowed). */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const raw = match[2]!;
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    values[match[1]!] = quoted ? quoted[2]! : raw.replace(/\s+#.*$/, '');
  }
  return values;
}

/**
 * A deployment's settings as its functions will have them: functions/.env, overridden by
 * functions/.env.<project-id> (the file docs/deploy-firebase.md has the operator write).
 */
export function deploymentSettings(projectId: string | undefined, dir = path.join(REPO_ROOT, 'functions')): Record<string, string> {
  const read = (file: string) => (fs.existsSync(path.join(dir, file)) ? parseEnvFile(fs.readFileSync(path.join(dir, file), 'utf8')) : {});
  return { ...read('.env'), ...(projectId ? read(`.env.${projectId}`) : {}) };
}
