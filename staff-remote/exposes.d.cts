import type { DeclaredRoute } from '@blooms/shared/contract/routes';

/** The screens this remote serves (exposes.cjs), for TypeScript. */
export declare const screens: (DeclaredRoute & { file: string })[];
