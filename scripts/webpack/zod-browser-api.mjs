// zod's classic API (zod/v4/classic/external.js) as browser code uses it, without what no
// browser code uses: its messages in some forty other languages (`locales`) and conversion from
// JSON Schema, about 40% of zod's code, which a shared module would otherwise carry whole.
// Types still come from the zod package itself; only the bundle differs.
export * from 'zod-v4-files/classic/schemas.js';
export * from 'zod-v4-files/classic/checks.js';
export * from 'zod-v4-files/classic/errors.js';
export * from 'zod-v4-files/classic/parse.js';
export * from 'zod-v4-files/classic/compat.js';
export {
  globalRegistry,
  registry,
  config,
  $output,
  $input,
  $brand,
  clone,
  regexes,
  treeifyError,
  prettifyError,
  formatError,
  flattenError,
  TimePrecision,
  util,
  NEVER,
} from 'zod-v4-files/core/index.js';
export { input, output } from 'zod-v4-files/classic/in-out.js';
export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from 'zod-v4-files/classic/iso.js';
export * as iso from 'zod-v4-files/classic/iso.js';
export * as coerce from 'zod-v4-files/classic/coerce.js';
