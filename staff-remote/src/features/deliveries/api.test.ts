import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { deliveriesApi } from './api';

/** An XMLHttpRequest that answers every send with one status and body. */
function fakeXhr(status: number, body: unknown) {
  return class {
    status = status;
    responseText = JSON.stringify(body);
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => this.onload?.(), 0);
    }
  };
}

describe('the proof upload follows the one request policy', () => {
  const signOut = jest.fn(async () => undefined);
  const upload = () => deliveriesApi.recordProof({ subscriptionId: 's1', month: '2026-11', method: 'hand' });

  beforeEach(() => {
    signOut.mockClear();
    usePopupStore.setState({ popup: null });
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut });
  });

  it('signs a removed driver out with the not-authorized alert', async () => {
    globalThis.XMLHttpRequest = fakeXhr(403, {
      error: 'no-user-record',
      message: MESSAGES.noUserRecord,
    }) as unknown as typeof XMLHttpRequest;
    await expect(upload()).rejects.toMatchObject({ status: 403 });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(usePopupStore.getState().popup).toMatchObject({ message: MESSAGES.notAuthorized });
  });

  it("keeps a driver signed in when refused someone else's delivery, with the server's reason", async () => {
    const reason = 'Only the person this delivery is assigned to, or an admin, can record its delivery.';
    globalThis.XMLHttpRequest = fakeXhr(403, { error: 'permission-denied', message: reason }) as unknown as typeof XMLHttpRequest;
    await expect(upload()).rejects.toMatchObject({ status: 403, message: reason });
    expect(signOut).not.toHaveBeenCalled();
  });
});
