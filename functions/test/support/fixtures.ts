import { users } from '../../src/db/schema';
import { inTransaction, type Db } from '../../src/db/database';
import { insertSubscription } from '../../src/services/subscriptions';
import { NOT_A_GIFT, type Subscriber } from '@blooms/shared/contract/subscriber';
import type { Role } from '@blooms/shared/contract/roles';
import { defaultDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths } from '@blooms/shared/contract/months';

let n = 0;

export async function addSubscription(db: Db, overrides: Partial<Subscriber> = {}) {
  n += 1;
  const subscriber: Subscriber = {
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
  return (await inTransaction(db, (tx) => insertSubscription(tx, subscriber)))!;
}

export async function addUser(db: Db, name: string, email: string, role: Role = 'employee') {
  const [row] = await db.insert(users).values({ name, email, role }).returning();
  return row!;
}

/** A tiny but real image of each accepted kind, by its magic bytes. */
export const IMAGES = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(12)]),
};

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----blooms${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The first of these plan months whose delivery day (the usual one) is still to come: a new subscription's first delivery. */
export function firstDeliveryOf(months: number[]) {
  const today = studioDate(new Date());
  for (let month = today.slice(0, 7); ; month = addMonths(month, 1)) {
    if (months.includes(Number(month.slice(5, 7))) && defaultDeliveryDate(month) > today) return { month, date: defaultDeliveryDate(month) };
  }
}
