import { users } from '../../src/db/schema';
import { inTransaction, type Db } from '../../src/db/database';
import { insertSubscription } from '../../src/services/subscriptions';
import { NOT_A_GIFT, type Subscriber } from '@blooms/shared/contract/subscriber';
import type { Role } from '@blooms/shared/contract/roles';
import { defaultDeliveryDate, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';
import { testNow } from './test-now';

let n = 0;

/** A Yearly subscriber with numbered, made-up details. */
export function aSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  n += 1;
  return {
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `subscriber${n}@example.com`,
    phone: '8015550100',
    address: `${n} Main St`,
    unit: '',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84101',
    deliveryNotes: '',
    ...NOT_A_GIFT,
    plan: 'yearly',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    ...overrides,
  };
}

export async function addSubscription(db: Db, overrides: Partial<Subscriber> = {}) {
  const subscriber = aSubscriber(overrides);
  return (await inTransaction(db, (tx) => insertSubscription(tx, subscriber)))!;
}

export async function addUser(db: Db, name: string, email: string, role: Role = 'employee') {
  const [row] = await db.insert(users).values({ name, email, role }).returning();
  return row!;
}

/** A tiny real photo of each accepted kind, 8 x 6 pixels (the HEIC, as heif-enc writes it, 64 x 48). */
export const IMAGES = {
  jpeg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCMAagf/9k=',
    'base64',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4YROFFTEMpAQAUDNBoan1CMYAAAAASUVORK5CYII=',
    'base64',
  ),
  webp: Buffer.from('UklGRjIAAABXRUJQVlA4ICYAAABwAQCdASoIAAYAAsBMJaACdAFAAAD+5AEIw0a//JT/7yv9d3FAAA==', 'base64'),
  heic: Buffer.from(
    'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAHAACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAACRtZGF0AAAAGCgBrxOA9SeBP//AZR/8TZ4fWetfnny1PA==',
    'base64',
  ),
};

/**
 * The same photos with headers that declare width x height pixels (a decompression bomb: a
 * few bytes that would decode to gigabytes). Only the header changes; nothing else is valid.
 */
export function declaringSize(kind: keyof typeof IMAGES, width: number, height: number): Buffer {
  const data = Buffer.from(IMAGES[kind]);
  if (kind === 'png') {
    data.writeUInt32BE(width, 16);
    data.writeUInt32BE(height, 20);
  } else if (kind === 'jpeg') {
    const frame = data.indexOf(Buffer.from([0xff, 0xc0]));
    data.writeUInt16BE(height, frame + 5);
    data.writeUInt16BE(width, frame + 7);
  } else if (kind === 'webp') {
    // A lossy WebP holds 14 bits a side: a larger picture declares itself in an extended (VP8X) header.
    const extended = Buffer.alloc(18);
    extended.write('VP8X', 0, 'latin1');
    extended.writeUInt32LE(10, 4);
    extended.writeUIntLE(width - 1, 12, 3);
    extended.writeUIntLE(height - 1, 15, 3);
    return Buffer.concat([data.subarray(0, 12), extended, data.subarray(12)]);
  } else {
    for (let at = data.indexOf('ispe'); at !== -1; at = data.indexOf('ispe', at + 4)) {
      data.writeUInt32BE(width, at + 8);
      data.writeUInt32BE(height, at + 12);
    }
  }
  return data;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----blooms${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The first of these plan months whose delivery day (the usual one) is still to come: a new subscription's first delivery. */
export function firstDeliveryOf(months: readonly number[]) {
  const today = studioDate(testNow());
  for (let month = today.slice(0, 7); ; month = addMonths(month, 1)) {
    if (months.includes(Number(month.slice(5, 7))) && defaultDeliveryDate(month) > today)
      return { month, date: defaultDeliveryDate(month) };
  }
}

/** Noon at the studio on a day: a moment well inside it, whatever the time zone. */
export const noonOn = (date: string) => new Date(studioMidnight(date).getTime() + 12 * 3600_000);
