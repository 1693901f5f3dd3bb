// jsdom has no IndexedDB, where My Deliveries keeps changes made offline: fake-indexeddb
// stands in. It copies values with structuredClone, which jsdom does not expose either.
const v8 = require('node:v8');
globalThis.structuredClone ??= (value) => v8.deserialize(v8.serialize(value));
require('fake-indexeddb/auto');
