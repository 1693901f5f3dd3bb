import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { deliveryHistory } from '../src/read-models/delivery-proofs';
import { DATABASE_KINDS } from './support/databases';
import { declaringSize, IMAGES } from './support/fixtures';
import { deliveriesFixture, NOV } from './support/deliveries-fixture';

describe.each(DATABASE_KINDS)('deliveries on %s: proof of delivery', (kind) => {
  const { fx, auth, get, advance, assign, proof, stored, row, outForDelivery } = deliveriesFixture(kind);

  describe('proof of delivery', () => {
    beforeEach(() => outForDelivery(fx.ids.yearly));
    const door = { subscriptionId: '', month: NOV, method: 'door' };

    it('Hand Delivered sets delivered without a photo', async () => {
      const response = await proof('ella', { subscriptionId: fx.ids.yearly, month: NOV, method: 'hand' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'delivered', proofImageUrl: null });
    });

    it('Hand Delivered from an app of another release, with a form field this release does not read, is recorded all the same', async () => {
      const response = await proof('ella', { subscriptionId: fx.ids.yearly, month: NOV, method: 'hand', signedBy: 'Ann' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'delivered', proofImageUrl: null });
    });

    it.each(Object.entries(IMAGES))('Left at Door accepts a %s photo, by content, and serves it to staff only', async (type, data) => {
      const response = await proof(
        'ella',
        { ...door, subscriptionId: fx.ids.yearly },
        { name: 'photo.bin', type: 'application/octet-stream', data },
      );
      expect(response.statusCode).toBe(200);
      const url = response.json().proofImageUrl;
      expect(url).toBe(`/api/deliveries/${fx.ids.yearly}/${NOV}/proof`);
      expect(response.json().status).toBe('delivered');
      const photo = await get('finn', url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe(`image/${type}`);
      expect(photo.rawPayload.equals(data)).toBe(true);
      expect((await get('visitor', url)).statusCode).toBe(401);
    });

    it('refuses a file that only pretends to be a photo, leaving the status unchanged', async () => {
      const response = await proof(
        'ella',
        { ...door, subscriptionId: fx.ids.yearly },
        { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all') },
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('The photo must be a JPEG, PNG, WebP or HEIC image.');
      expect(await row(fx.ids.yearly)).toMatchObject({ status: 'out-for-delivery', proofImageKey: null });
      expect(fs.existsSync(path.join(fx.blobDir, 'deliveries', fx.ids.yearly))).toBe(false);
    });

    it('refuses a photo over 10 MB, leaving the status unchanged', async () => {
      const big = Buffer.concat([IMAGES.jpeg, Buffer.alloc(10 * 1024 * 1024)]);
      const response = await proof('ella', { ...door, subscriptionId: fx.ids.yearly }, { name: 'big.jpg', type: 'image/jpeg', data: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The photo is larger than 10 MB.');
      expect((await row(fx.ids.yearly))?.status).toBe('out-for-delivery');
    });

    it('asks for the photo when Left at Door has none', async () => {
      const response = await proof('ella', { ...door, subscriptionId: fx.ids.yearly });
      expect(response.statusCode).toBe(400);
      expect((await row(fx.ids.yearly))?.status).toBe('out-for-delivery');
    });

    it('refuses proof for a delivery that is not out for delivery', async () => {
      await proof('ella', { subscriptionId: fx.ids.yearly, month: NOV, method: 'hand' });
      const again = await proof('ella', { subscriptionId: fx.ids.yearly, month: NOV, method: 'hand' });
      expect(again.statusCode).toBe(409);
      expect(again.json().delivery.status).toBe('delivered');
    });

    /** Every photo file the store holds for the delivery. */
    const photoFiles = (subscriptionId: string) => {
      const dir = path.join(fx.blobDir, 'deliveries', subscriptionId);
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => path.join(entry.parentPath, entry.name))
        : [];
    };
    const keyOf = (file: string) => path.relative(fx.blobDir, file).split(path.sep).join('/');

    it('keeps the winning photo when two are sent at once (a double tap, a replayed queue), and deletes only the loser’s own', async () => {
      for (let trial = 0; trial < 4; trial++) {
        if (trial > 0) {
          await advance('admin', fx.ids.yearly, 'delivered');
          await advance('admin', fx.ids.yearly, 'not-started');
        }
        const sent = [IMAGES.jpeg, IMAGES.png];
        const answers = await Promise.all(
          sent.map((data) =>
            proof('ella', { ...door, subscriptionId: fx.ids.yearly }, { name: 'door', type: 'application/octet-stream', data }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const won = sent[answers.findIndex((answer) => answer.statusCode === 200)]!;
        const photo = await get('admin', `/api/deliveries/${fx.ids.yearly}/${NOV}/proof`);
        expect({ trial, status: photo.statusCode }).toEqual({ trial, status: 200 });
        expect(photo.rawPayload.equals(won)).toBe(true);
        // The loser's upload is gone; every photo the delivery ever showed is still there.
        const shown = (await deliveryHistory(fx.database.db, fx.ids.yearly, NOV))
          .filter((event) => event.kind === 'proof')
          .map((event) => (event.detail as { photo: string }).photo);
        expect(photoFiles(fx.ids.yearly).map(keyOf).sort()).toEqual([...shown].sort());
      }
    });

    it('keeps a reset delivery’s photo in the store for tracing when the stop is delivered again with a new one', async () => {
      await proof('ella', { ...door, subscriptionId: fx.ids.yearly }, { name: 'first.jpg', type: 'image/jpeg', data: IMAGES.jpeg });
      const first = (await row(fx.ids.yearly))!.proofImageKey!;
      await advance('admin', fx.ids.yearly, 'delivered');
      await advance('admin', fx.ids.yearly, 'not-started');
      const another = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 20, g: 90, b: 200 } } })
        .jpeg()
        .toBuffer();
      await proof('ella', { ...door, subscriptionId: fx.ids.yearly }, { name: 'second.jpg', type: 'image/jpeg', data: another });
      const second = (await row(fx.ids.yearly))!.proofImageKey!;
      expect(second).not.toBe(first);
      expect(fs.readFileSync(path.join(fx.blobDir, first)).equals(IMAGES.jpeg)).toBe(true);
      expect((await get('admin', `/api/deliveries/${fx.ids.yearly}/${NOV}/proof`)).rawPayload.equals(another)).toBe(true);
    });

    it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])(
      'refuses a %s declaring 30000 x 30000 pixels (a decompression bomb), storing nothing',
      async (kind) => {
        const bomb = declaringSize(kind, 30000, 30000);
        const response = await proof(
          'ella',
          { ...door, subscriptionId: fx.ids.yearly },
          { name: 'bomb', type: 'application/octet-stream', data: bomb },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('The photo is 30000 × 30000 pixels; a door photo may have at most 64 megapixels.');
        expect(await row(fx.ids.yearly)).toMatchObject({ status: 'out-for-delivery', proofImageKey: null });
        expect(photoFiles(fx.ids.yearly)).toEqual([]);
      },
    );

    it("refuses another driver's photo before storing anything", async () => {
      const response = await proof(
        'finn',
        { ...door, subscriptionId: fx.ids.yearly },
        { name: 'p.jpg', type: 'image/jpeg', data: IMAGES.jpeg },
      );
      expect(response.statusCode).toBe(403);
      expect(fs.existsSync(path.join(fx.blobDir, 'deliveries', fx.ids.yearly))).toBe(false);
    });
  });

  it('keeps the deliveries of a deleted user, unassigned', async () => {
    await assign('admin', [fx.ids.yearly, fx.ids.older], 'ella@blooms.example');
    await advance('admin', fx.ids.yearly, 'not-started');
    expect((await fx.app.inject({ method: 'DELETE', url: `/api/users/${fx.ellaId}`, headers: auth('admin') })).statusCode).toBe(204);
    const list = (await get('admin', `/api/subscriptions?month=${NOV}`)).json().rows;
    const yara = list.find((s: { id: string }) => s.id === fx.ids.yearly);
    expect(yara.delivery).toMatchObject({ status: 'out-for-delivery', assignedTo: null, assigneeName: null });
    expect(await stored()).toHaveLength(2);
  });
});
