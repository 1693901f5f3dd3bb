import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import '@fastify/multipart';
import { PROOF_MAX_BYTES } from '@blooms/shared/contract/deliveries';
import { InvalidInputError } from '../../domain/errors';
import { sniffImageType } from '../../infrastructure/image-type';
import { declaredSize, MAX_PHOTO_PIXELS, sizeAllowed } from '../../infrastructure/photos';
import { HttpError } from '../errors';
import { logIgnoredFields, parseRequestPart } from '../zod';

// A photo sent from a phone with a form (the door photo, a failed attempt's), read and checked one way.

/**
 * The fields of a multipart request, parsed by the route's body schema as a JSON body is (a field
 * it does not read is dropped and logged), and its one photo, with the door photo's size limit.
 */
export async function readPhotoForm<S extends z.ZodType>(
  request: FastifyRequest,
  route: { method: string; path: string; body: S },
  notMultipart: string,
): Promise<{ input: z.output<S>; photo: Buffer | null }> {
  if (!request.isMultipart()) throw new InvalidInputError(notMultipart);
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10 } })) {
    if (part.type === 'file') {
      photo = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The photo is larger than 10 MB.');
        throw error;
      });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  const parsed = parseRequestPart(route.body, fields);
  if (!parsed.success) throw new InvalidInputError(parsed.message);
  if (parsed.ignored.length > 0)
    logIgnoredFields(
      request.log,
      `${route.method} ${route.path}`,
      parsed.ignored.map((field) => `body.${field}`),
    );
  return { input: parsed.data, photo: photo && photo.length > 0 ? photo : null };
}

/** The door photo's checks: a JPEG, PNG, WebP or HEIC image of a size a phone takes. */
export function checkedPhotoType(photo: Buffer, what: 'a photo' | 'a door photo') {
  const type = sniffImageType(photo);
  const size = type && declaredSize(photo, type);
  if (!type || !size) throw new HttpError(415, 'The photo must be a JPEG, PNG, WebP or HEIC image.');
  if (!sizeAllowed(size))
    throw new InvalidInputError(
      `The photo is ${size.width} × ${size.height} pixels; ${what} may have at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
    );
  return type;
}
