import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { PROOF_MAX_BYTES } from '@blooms/shared/contract/deliveries';
import { InvalidInputError } from '../../domain/errors';
import { sniffImageType } from '../../infrastructure/image-type';
import { declaredSize, MAX_PHOTO_PIXELS, sizeAllowed } from '../../infrastructure/photos';
import { HttpError } from '../errors';

// A photo sent from a phone with a form (the door photo, a failed attempt's), read and checked one way.

/** The fields and the one photo of a multipart request, with the door photo's size limit. */
export async function readMultipart(
  request: FastifyRequest,
  notMultipart: string,
): Promise<{ fields: Record<string, string>; photo: Buffer | null }> {
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
  return { fields, photo: photo && photo.length > 0 ? photo : null };
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
