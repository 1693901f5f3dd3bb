// `pnpm openapi`: writes shared/openapi.json from the route table. `pnpm lint` fails while the
// committed file differs from what this writes (api-check.ts).
import fs from 'node:fs';
import path from 'node:path';
import { API } from '../src/contract/api-routes';
import { DOCUMENT_FILE, REPO_ROOT, documentText } from './api-document.mts';

fs.writeFileSync(DOCUMENT_FILE, documentText(API));
console.log(`Wrote ${path.relative(REPO_ROOT, DOCUMENT_FILE)} (${Object.keys(API).length} routes).`);
