/** The screens this remote exposes (exposes.cjs), for TypeScript. */
export declare const exposes: Record<string, string>;
