import type { FastifyReply } from 'fastify';
import { NotFoundError } from '../domain/errors';
import type { BlobStore } from '../infrastructure/blob-store';
import { typeOfKey } from '../infrastructure/image-type';

/** Answers with a stored photo, for the browser of the one who asked to keep five minutes; `missing` when there is none. */
export async function sendPhoto(reply: FastifyReply, blobs: BlobStore, key: string | null, missing: string) {
  const stream = key ? await blobs.get(key) : null;
  if (!key || !stream) throw new NotFoundError(missing);
  return reply.header('Cache-Control', 'private, max-age=300').type(typeOfKey(key)).send(stream);
}
