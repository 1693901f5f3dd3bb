import { ApiError } from '@blooms/shared/runtime/api-client';
import type { PendingChange } from '@blooms/shared/runtime/staff-pending-store';
import { deliveriesApi } from '../deliveries/api';
import { failedAttemptsApi } from '../failed-attempts/api';
import { row, THIS_MONTH } from '../../test/fixtures';
import { isTemporaryFailure, sendPending } from './send-pending';

jest.mock('../deliveries/api', () => ({
  ...jest.requireActual('../deliveries/api'),
  deliveriesApi: { advanceStatus: jest.fn(), recordProof: jest.fn() },
}));
jest.mock('../failed-attempts/api', () => ({ failedAttemptsApi: { markFailed: jest.fn() } }));
const api = jest.mocked(deliveriesApi);
const failedApi = jest.mocked(failedAttemptsApi);

const stop = row('a', { firstName: 'Ana' }).delivery;
const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
const kept = (change: PendingChange['change']): PendingChange => ({
  id: 1,
  owner: 'ella@blooms.example',
  subscriptionId: 'a',
  month: THIS_MONTH,
  name: 'Ana Person',
  change,
  queuedAt: '2026-11-02T16:00:00.000Z',
});
const outForDelivery = kept({ to: 'out-for-delivery' });
const leftAtDoor = kept({ to: 'delivered', method: 'door', photo });
const byHand = kept({ to: 'delivered', method: 'hand' });
/** The server's 409: someone changed the stop first, and this is how it stands now. */
const changedMeanwhile = (delivery: typeof stop) => new ApiError(409, 'Someone else changed this delivery a moment ago.', { delivery });

beforeEach(() => jest.clearAllMocks());

describe('sending a change kept on the device', () => {
  it('sends Out for delivery as a step on from Not Started, and reports the delivery the server gives back', async () => {
    const now = { ...stop, status: 'out-for-delivery' as const };
    api.advanceStatus.mockResolvedValue(now);
    expect(await sendPending(outForDelivery)).toEqual({ kind: 'sent', delivery: now });
    expect(api.advanceStatus).toHaveBeenCalledWith('a', THIS_MONTH, 'not-started');
    expect(api.recordProof).not.toHaveBeenCalled();
  });

  it('sends Delivered with how, and the door photo kept with it', async () => {
    const now = { ...stop, status: 'delivered' as const, proofImageUrl: '/api/deliveries/a/photo' };
    api.recordProof.mockResolvedValue(now);
    expect(await sendPending(leftAtDoor)).toEqual({ kind: 'sent', delivery: now });
    expect(api.recordProof).toHaveBeenCalledWith({ subscriptionId: 'a', month: THIS_MONTH, method: 'door', photo });
  });

  it.each([
    ['no network at all', new TypeError('Failed to fetch')],
    ['a request that never got an answer', new ApiError(0, 'Failed to fetch')],
    ['a session to renew', new ApiError(401, 'Your session has expired.')],
    ['a timeout', new ApiError(408, 'Request timed out.')],
    ['too many requests', new ApiError(429, 'Too many requests.')],
    ['a server in trouble', new ApiError(503, 'Service unavailable.')],
  ])('keeps the change to try again after %s', async (_, failure) => {
    api.advanceStatus.mockRejectedValue(failure);
    expect(isTemporaryFailure(failure)).toBe(true);
    expect(await sendPending(outForDelivery)).toEqual({ kind: 'wait' });
  });

  it('counts as sent when the stop already stands where the change was taking it (an earlier try got through)', async () => {
    const outAlready = { ...stop, status: 'out-for-delivery' as const };
    api.advanceStatus.mockRejectedValue(changedMeanwhile(outAlready));
    expect(await sendPending(outForDelivery)).toEqual({ kind: 'sent', delivery: outAlready });

    const handDelivered = { ...stop, status: 'delivered' as const };
    api.recordProof.mockRejectedValue(changedMeanwhile(handDelivered));
    expect(await sendPending(byHand)).toEqual({ kind: 'sent', delivery: handDelivered });
  });

  it('does not count a delivered stop without its photo as a left-at-door change that got through', async () => {
    const deliveredNoPhoto = { ...stop, status: 'delivered' as const, proofImageUrl: null };
    api.recordProof.mockRejectedValue(changedMeanwhile(deliveredNoPhoto));
    expect(await sendPending(leftAtDoor)).toEqual({
      kind: 'not-sent',
      delivery: deliveredNoPhoto,
      message: 'Ana Person: "Left at door (with its photo)" was not sent. Someone else set it to Delivered first.',
    });
  });

  it('gives a change up, saying whose and why, when someone set the stop elsewhere first', async () => {
    const setBack = { ...stop, status: 'not-started' as const };
    api.recordProof.mockRejectedValue(changedMeanwhile(setBack));
    expect(await sendPending(byHand)).toEqual({
      kind: 'not-sent',
      delivery: setBack,
      message: 'Ana Person: "Hand delivered" was not sent. Someone else set it to Not Started first.',
    });
  });

  it('names a pickup’s change as the driver pressed it: Out for pickup, Vase collected', async () => {
    const pickup = (change: PendingChange['change']): PendingChange => ({ ...kept(change), pickup: true });
    const setBack = { ...stop, pickup: true, status: 'not-started' as const };
    api.recordProof.mockRejectedValue(changedMeanwhile(setBack));
    expect(await sendPending(pickup({ to: 'delivered', method: 'hand' }))).toMatchObject({
      kind: 'not-sent',
      message: 'Ana Person: "Vase collected" was not sent. Someone else set it to Not Started first.',
    });
    api.advanceStatus.mockRejectedValue(new ApiError(403, 'This delivery is not assigned to you.'));
    expect(await sendPending(pickup({ to: 'out-for-delivery' }))).toMatchObject({
      message: 'Ana Person: "Out for pickup" was not sent. This delivery is not assigned to you.',
    });
    // A change kept before the device recorded what the stop is: the server's stop says it is a pickup.
    expect(await sendPending(byHand)).toMatchObject({
      message: 'Ana Person: "Vase collected" was not sent. Someone else set it to Not Started first.',
    });
  });

  it("gives a change up with the server's reason when it refuses it for good (the stop is no longer the driver's)", async () => {
    api.advanceStatus.mockRejectedValue(new ApiError(403, 'This delivery is not assigned to you.'));
    expect(isTemporaryFailure(new ApiError(403, 'x'))).toBe(false);
    expect(await sendPending(outForDelivery)).toEqual({
      kind: 'not-sent',
      delivery: null,
      message: 'Ana Person: "Out for delivery" was not sent. This delivery is not assigned to you.',
    });
  });

  describe('Could not deliver', () => {
    const gate = kept({ to: 'could-not-deliver', reason: 'gate-code', photo });
    const out = { ...stop, status: 'out-for-delivery' as const };
    const attempt = { reason: 'gate-code' as const, at: '2026-11-02T16:00:00.000Z', attempt: 1, photoUrl: null, rescheduledTo: null };

    it('sends the reason and the photo kept with it, and reports the delivery the server gives back', async () => {
      const marked = { ...out, failedAttempt: { ...attempt, photoUrl: '/api/deliveries/a/2026-11/could-not-deliver/photo' } };
      failedApi.markFailed.mockResolvedValue(marked);
      expect(await sendPending(gate)).toEqual({ kind: 'sent', delivery: marked });
      expect(failedApi.markFailed).toHaveBeenCalledWith({ subscriptionId: 'a', month: THIS_MONTH, reason: 'gate-code', photo });
      expect(api.advanceStatus).not.toHaveBeenCalled();
      expect(api.recordProof).not.toHaveBeenCalled();
    });

    it('keeps it to try again with no signal or a server in trouble', async () => {
      failedApi.markFailed.mockRejectedValue(new TypeError('Failed to fetch'));
      expect(await sendPending(gate)).toEqual({ kind: 'wait' });
      failedApi.markFailed.mockRejectedValue(new ApiError(503, 'Service unavailable.'));
      expect(await sendPending(gate)).toEqual({ kind: 'wait' });
    });

    it('counts as sent when the stop is already marked failed with its attempt open (an earlier try got through)', async () => {
      const markedAlready = { ...out, failedAttempt: attempt };
      failedApi.markFailed.mockRejectedValue(changedMeanwhile(markedAlready));
      expect(await sendPending(gate)).toEqual({ kind: 'sent', delivery: markedAlready });
    });

    it('gives it up, saying whose and why, when the stop was delivered or moved to another day first', async () => {
      const delivered = { ...stop, status: 'delivered' as const, failedAttempt: null };
      failedApi.markFailed.mockRejectedValue(changedMeanwhile(delivered));
      expect(await sendPending(gate)).toEqual({
        kind: 'not-sent',
        delivery: delivered,
        message: 'Ana Person: "Could not deliver (gate code)" was not sent. Someone else set it to Delivered first.',
      });
      // Rescheduled: not started again, its attempt closed; the mark does not count as made.
      const moved = { ...stop, status: 'not-started' as const, failedAttempt: { ...attempt, rescheduledTo: '2026-11-11' } };
      failedApi.markFailed.mockRejectedValue(changedMeanwhile(moved));
      expect(await sendPending(gate)).toMatchObject({ kind: 'not-sent', delivery: moved });
    });

    it("gives it up with the server's reason when it refuses it for good", async () => {
      failedApi.markFailed.mockRejectedValue(new ApiError(403, 'Only the driver this delivery is assigned to can mark it.'));
      expect(await sendPending(gate)).toEqual({
        kind: 'not-sent',
        delivery: null,
        message: 'Ana Person: "Could not deliver (gate code)" was not sent. Only the driver this delivery is assigned to can mark it.',
      });
    });
  });
});
