import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { firebaseJson, firebaserc } from './firebase-json';

export const DEFAULT_REGION = 'us-central1';

/** The repository's firebase.json as deploy/firebase-json.ts makes it (checked by test/firebase-json.test.ts). */
export function committedFirebaseJson(): string {
  return `${JSON.stringify(firebaseJson({ region: DEFAULT_REGION }), null, 2)}\n`;
}

// `pnpm firebase:config [project-id]`: rewrites firebase.json, and .firebaserc for the project.
if (require.main === module) {
  const region = process.env.FUNCTIONS_REGION ?? DEFAULT_REGION;
  fs.writeFileSync(path.join(REPO_ROOT, 'firebase.json'), `${JSON.stringify(firebaseJson({ region }), null, 2)}\n`);
  console.log(`firebase.json written (functions in ${region})`);
  const projectId = process.argv[2];
  if (projectId) {
    fs.writeFileSync(path.join(REPO_ROOT, '.firebaserc'), `${JSON.stringify(firebaserc(projectId), null, 2)}\n`);
    console.log(`.firebaserc written for ${projectId}: sites ${Object.values(firebaserc(projectId).targets[projectId]!.hosting).flat().join(', ')}`);
  }
}
