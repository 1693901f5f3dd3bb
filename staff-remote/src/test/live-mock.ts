import { act } from '@testing-library/react';
import type { LiveEvent } from '@blooms/shared/contract/live';
import { connectLive } from '@blooms/shared/runtime/live-client';

/** Sends an event to every screen connected through the mocked live client. */
export function pushLive(event: LiveEvent) {
  const calls = jest.mocked(connectLive).mock.calls;
  act(() => {
    for (const [onEvent] of calls) onEvent(event);
  });
}
