// Where the API's OpenAPI document is kept, and how it is written: the same text every time
// for the same route table, so a stale copy shows as a difference.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyApiRoute } from '../src/contract/api-route';
import { openApiDocument } from '../src/contract/openapi';

export const SHARED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.join(SHARED_DIR, '..');
/** The committed document: read it to see the API; `pnpm openapi` writes it. */
export const DOCUMENT_FILE = path.join(SHARED_DIR, 'openapi.json');

/** A route table's document as the committed file holds it. */
export const documentText = (routes: Record<string, AnyApiRoute>) => `${JSON.stringify(openApiDocument(routes), null, 2)}\n`;

export const readCommittedDocument = () => (fs.existsSync(DOCUMENT_FILE) ? fs.readFileSync(DOCUMENT_FILE, 'utf8') : null);
