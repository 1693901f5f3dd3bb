import '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PROOF_MAX_BYTES } from '@blooms/shared/deliveries';
import { assignSchema, monthPageQuerySchema, monthSchema, proofFieldsSchema, statusChangeSchema } from '@blooms/shared/delivery-requests';
import { displayFirstName, type UserRecord } from '@blooms/shared/roles';
import type { Db } from '../db/database';
import type { BlobStore } from '../services/blob-store';
import { EXTENSIONS, sniffImageType, typeOfKey } from '../services/image-type';
import { advanceStatus, assignDeliveries, checkProofAllowed, listAssigned, listMonthPage, proofImageKey, recordDelivered } from '../services/deliveries';
import { listUsers } from '../services/users';
import { badRequest, HttpError, notFound } from './errors';
import { parse } from './validate';

type Authenticate = (request: FastifyRequest) => Promise<UserRecord>;

const monthQuery = z.object({ month: monthSchema });
const proofParams = z.object({ subscriptionId: z.uuid(), month: monthSchema });

/** Staff delivery management (spec section 2 "/dashboard", "/my-deliveries"): any staff role. */
export function registerDeliveryRoutes(app: FastifyInstance, db: Db, blobs: BlobStore, authenticate: Authenticate) {
  app.get('/api/subscriptions', async (request) => {
    await authenticate(request);
    const { month, limit, cursor } = parse(monthPageQuerySchema, request.query);
    return listMonthPage(db, month, { limit, cursor });
  });

  app.get('/api/my-deliveries', async (request) => {
    const caller = await authenticate(request);
    const { month } = parse(monthQuery, request.query);
    return listAssigned(db, month, caller.id);
  });

  /** The people deliveries can be assigned to, for the bulk-assign dropdown. */
  app.get('/api/staff', async (request) => {
    await authenticate(request);
    return (await listUsers(db)).map((user) => ({ email: user.email, name: user.name, firstName: displayFirstName(user) }));
  });

  app.post('/api/deliveries/status', async (request) => {
    const caller = await authenticate(request);
    return advanceStatus(db, caller, parse(statusChangeSchema, request.body));
  });

  app.post('/api/deliveries/assign', async (request) => {
    const caller = await authenticate(request);
    return assignDeliveries(db, caller, parse(assignSchema, request.body));
  });

  /** Hand Delivered, or Left at Door with a photo: one request, so a failed upload changes nothing. */
  app.post('/api/deliveries/proof', async (request) => {
    const caller = await authenticate(request);
    if (!request.isMultipart()) throw badRequest('Send the proof as multipart/form-data.');
    const fields: Record<string, string> = {};
    let photo: Buffer | null = null;
    for await (const part of request.parts({ limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        photo = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'invalid-argument', 'The photo is larger than 10 MB.');
          throw error;
        });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    const input = parse(proofFieldsSchema, fields);
    await checkProofAllowed(db, caller, input.subscriptionId, input.month);
    if (input.method === 'hand') return recordDelivered(db, caller, { ...input, proofImageKey: null });

    if (!photo || photo.length === 0) throw badRequest('Choose a photo of the delivery left at the door.');
    const type = sniffImageType(photo);
    if (!type) throw new HttpError(415, 'invalid-argument', 'The photo must be a JPEG, PNG, WebP or HEIC image.');
    const key = `deliveries/${input.subscriptionId}/${input.month}.${EXTENSIONS[type]}`;
    await blobs.put(key, photo);
    try {
      return await recordDelivered(db, caller, { ...input, proofImageKey: key });
    } catch (error) {
      await blobs.delete(key);
      throw error;
    }
  });

  /** Delivery photos are shown to signed-in staff only. */
  app.get('/api/deliveries/:subscriptionId/:month/proof', async (request, reply) => {
    await authenticate(request);
    const { subscriptionId, month } = parse(proofParams, request.params);
    const key = await proofImageKey(db, subscriptionId, month);
    const stream = key ? await blobs.get(key) : null;
    if (!key || !stream) throw notFound('This delivery has no photo.');
    return reply.header('Cache-Control', 'private, max-age=300').type(typeOfKey(key)).send(stream);
  });
}
