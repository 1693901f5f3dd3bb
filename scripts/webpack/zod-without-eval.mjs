// What browser code gets for `import { z } from 'zod'`: zod itself, told never to compile a
// parser with new Function(). Before its first object parse zod tries `new Function('')` to
// learn whether it may; under the site's Content-Security-Policy (no 'unsafe-eval') that try is
// a reported violation, on every screen that parses what the API sent (the staff list on /users).
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z as default };
