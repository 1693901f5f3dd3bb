import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@blooms/shared/app-config';

/** Content-hashed file names (name.0123abcd.js) never change content: cache them for a year. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function appDistDirs(staticRoot: string): { prefix: string; dir: string }[] {
  return [
    ...REMOTE_NAMES.map((name) => ({ prefix: `/remotes/${name}/`, dir: path.join(staticRoot, `${name}-remote`, 'dist') })),
    { prefix: '/', dir: path.join(staticRoot, 'host', 'dist') },
  ];
}

/**
 * Serves the built host at / and each remote under /remotes/{name}/. index.html, manifests
 * and remoteEntry.js are revalidated on every load, so a redeployed remote shows at once.
 */
export async function registerStaticFiles(app: FastifyInstance, staticRoot: string): Promise<void> {
  for (const { prefix, dir } of appDistDirs(staticRoot)) {
    if (!fs.existsSync(dir)) {
      app.log.warn({ dir }, 'build output missing; run `pnpm build`');
      continue;
    }
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: prefix === '/',
      wildcard: true,
      index: prefix === '/' ? ['index.html'] : false,
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('Cache-Control', cacheControlFor(filePath)),
    });
  }
}
