/**
 * React Router 6 with the two behaviours of version 7 that the app was written for: state
 * updates inside startTransition, and relative links inside splat routes. (Version 6 because
 * its browser bundle is less than half of version 7's, on every public page.)
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
