import { act } from '@testing-library/react';

/**
 * Inside a describe: navigator.onLine as each test sets it (`initially` at the start of each),
 * and the browser's online event when the connection comes back.
 */
export function controlConnection(initially: boolean) {
  let online = initially;
  beforeEach(() => {
    online = initially;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  });
  afterEach(() => {
    online = true;
  });
  return {
    /** Sets whether the device has a connection, without an event (before the screen opens). */
    setOnline: (value: boolean) => {
      online = value;
    },
    /** The connection returns: navigator.onLine and the online event. */
    goOnline: async () => {
      online = true;
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
    },
  };
}
