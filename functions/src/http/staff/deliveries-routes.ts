import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { SubscriptionPage } from '@blooms/shared/contract/deliveries';
import { API } from '@blooms/shared/contract/api-routes';
import { displayFirstName } from '@blooms/shared/contract/roles';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../infrastructure/blob-store';
import type { MailSite } from '../../mail/account-change-email';
import { InvalidInputError } from '../../domain/errors';
import { photoKey } from '../../infrastructure/photos';
import { advanceStatus, checkProofAllowed, recordDelivered, undoRevert } from '../../services/deliveries';
import { assignDeliveries, saveRouteOrder } from '../../services/delivery-assignment';
import { photoInUse, proofImageKey } from '../../read-models/delivery-proofs';
import { allInView, listAssigned, listMonthPage } from '../../read-models/month-list';
import { openStartMonth } from '../../services/carry-over';
import { startMyRoute } from '../../services/start-route';
import { pointOfZip } from '../../domain/route-order';
import { createGeocoder } from '../../infrastructure/geocoder';
import type { GeocodingSettings } from '../../config';
import { csvLine } from '@blooms/shared/contract/csv';
import { CSV_COLUMNS, csvRow } from '../../services/subscriptions-csv';
import { listUsers } from '../../services/users';
import { callerOf, type StaffScope } from '../access';
import { keptJsonReply } from '../kept-json';
import { sendPhoto } from '../send-photo';
import { serve } from '../serve';
import { checkedPhotoType, readPhotoForm } from './photo-upload';

// A byte-order mark first, so spreadsheet programs read the file as UTF-8 (names with accents).
const CSV_HEADER = `\uFEFF${csvLine(CSV_COLUMNS)}`;

/** Staff delivery management (the /dashboard and /my-deliveries screens): any staff role, by the scope. */
export function registerDeliveryRoutes(
  staff: StaffScope,
  db: Db,
  blobs: BlobStore,
  routes: {
    studioZip: string;
    geocoding: GeocodingSettings | null;
    mailSite: (request: FastifyRequest) => MailSite;
    clock: () => Date;
  },
) {
  const studio = pointOfZip(routes.studioZip)!;
  const geocoder = routes.geocoding ? createGeocoder(db, routes.geocoding, (message) => staff.log.warn(message)) : null;
  const sendPage = keptJsonReply<SubscriptionPage>();
  serve(staff, API.listMonth, async (request, reply) => {
    const { month, limit, cursor, ...view } = request.query;
    return sendPage(request, reply, await listMonthPage(db, month, { limit, cursor }, view));
  });

  /** The dashboard's current view (same filters and order) as a CSV file, every page of it. */
  serve(staff, API.exportCsv, async (request, reply) => {
    const { month, ...view } = request.query;
    const rows = allInView(db, month, view);
    async function* csv() {
      yield CSV_HEADER;
      for await (const row of rows) yield csvRow(row);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="subscriptions-${month}.csv"`)
      .send(Readable.from(csv()));
  });

  /** The caller's stops in route order: as the driver arranged them, and any other stop where the route planned from the studio puts it. */
  serve(staff, API.myDeliveries, (request) => listAssigned(db, request.query.month, callerOf(request).id, studio, geocoder));

  /** My Deliveries opening: the month where the work is and the caller's stops in it, in one round trip. */
  serve(staff, API.myDeliveriesStart, async (request) => {
    const start = await openStartMonth(db, routes.clock());
    return { start, rows: await listAssigned(db, start.month, callerOf(request).id, studio, geocoder) };
  });

  /** The order the caller put their stops in (moved up or down on the phone). */
  serve(staff, API.saveRouteOrder, async (request) => {
    const caller = callerOf(request);
    await saveRouteOrder(db, caller, request.body.month, request.body.subscriptionIds);
    return listAssigned(db, request.body.month, caller.id, studio, geocoder);
  });

  /** The people deliveries can be assigned to, for the bulk-assign dropdown. */
  serve(staff, API.staffMembers, async () =>
    (await listUsers(db)).map((user) => ({ email: user.email, name: user.name, firstName: displayFirstName(user) })),
  );

  serve(staff, API.advanceStatus, (request) =>
    advanceStatus(db, callerOf(request), request.body, { site: routes.mailSite(request), now: routes.clock() }),
  );

  /** Start my route: the caller's not-started stops of today's delivery day go out for delivery, each subscriber told. */
  serve(staff, API.startMyRoute, async (request) => {
    const caller = callerOf(request);
    const { month } = request.body;
    await startMyRoute(db, caller, month, { site: routes.mailSite(request), now: routes.clock() }, { studio, geocoder });
    return listAssigned(db, month, caller.id, studio, geocoder);
  });

  serve(staff, API.undoRevert, (request) => undoRevert(db, callerOf(request), request.body));

  serve(staff, API.assign, (request) => assignDeliveries(db, callerOf(request), request.body));

  /** Hand Delivered, or Left at Door with a photo: one request, so a failed upload changes nothing. */
  serve(staff, API.recordProof, async (request) => {
    const caller = callerOf(request);
    const { input, photo } = await readPhotoForm(request, API.recordProof, 'Send the proof as multipart/form-data.');
    await checkProofAllowed(db, caller, input.subscriptionId, input.month);
    if (input.method === 'hand') return recordDelivered(db, caller, { ...input, proofImageKey: null }, routes.mailSite(request));

    if (!photo) throw new InvalidInputError('Choose a photo of the delivery left at the door.');
    const type = checkedPhotoType(photo, 'a door photo');
    const key = photoKey(input.subscriptionId, input.month, type);
    await blobs.put(key, photo);
    try {
      return await recordDelivered(db, caller, { ...input, proofImageKey: key }, routes.mailSite(request));
    } catch (error) {
      // Only this request's own photo, and only when no committed row points to it (a commit
      // whose answer was lost): a photo in use is never deleted.
      if (!(await photoInUse(db, { ...input, key }).catch(() => true))) await blobs.delete(key);
      throw error;
    }
  });

  /** Delivery photos are shown to signed-in staff only. */
  serve(staff, API.proofPhoto, async (request, reply) => {
    const { subscriptionId, month } = request.params;
    return sendPhoto(reply, blobs, await proofImageKey(db, subscriptionId, month), 'This delivery has no photo.');
  });
}
