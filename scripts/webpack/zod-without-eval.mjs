// What browser code gets for `import { z } from 'zod'`: zod's classic API (zod-browser-api.mjs,
// without what no browser code uses), told never to compile a parser with new Function().
// Before its first object parse zod tries `new Function('')` to learn whether it may; under the
// site's Content-Security-Policy (no 'unsafe-eval') that try is a reported violation, on every
// screen that parses what the API sent (the staff list on /users).
import * as z from './zod-browser-api.mjs';

z.config({ jitless: true });

export * from './zod-browser-api.mjs';
export { z, z as default };
