// The async boundary lets the federation runtime negotiate shared modules before React loads.
// It starts in a task of its own, so the browser is not blocked for this script's evaluation
// and the start-up work together.
setTimeout(() => void import('./bootstrap'), 0);
