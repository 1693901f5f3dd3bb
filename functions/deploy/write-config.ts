import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { functionsRegion } from '../src/firebase/settings';
import { DEFAULT_REGION } from '../src/firebase/sizing';
import { firebaseJson, firebaserc } from './firebase-json';
import { deploymentSettings } from './settings-files';

/** The repository's firebase.json: the functions in the default region (checked by test/firebase-config.test.ts). */
export function committedFirebaseJson(): string {
  return `${JSON.stringify(firebaseJson({ region: DEFAULT_REGION }), null, 2)}\n`;
}

// `pnpm firebase:config [project-id]`: rewrites firebase.json, with Hosting's rewrites naming the
// region the project's settings (functions/.env.<project-id>) give the functions, and
// .firebaserc for the project.
if (require.main === module) {
  const projectId = process.argv[2];
  const region = functionsRegion(deploymentSettings(projectId));
  fs.writeFileSync(path.join(REPO_ROOT, 'firebase.json'), `${JSON.stringify(firebaseJson({ region }), null, 2)}\n`);
  console.log(`firebase.json written (functions in ${region})`);
  if (projectId) {
    fs.writeFileSync(path.join(REPO_ROOT, '.firebaserc'), `${JSON.stringify(firebaserc(projectId), null, 2)}\n`);
    console.log(
      `.firebaserc written for ${projectId}: sites ${Object.values(firebaserc(projectId).targets[projectId]!.hosting).flat().join(', ')}`,
    );
  }
}
