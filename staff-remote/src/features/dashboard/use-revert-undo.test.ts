import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { REVERT_UNDO_SECONDS } from '@blooms/shared/contract/deliveries';
import { deliveriesApi } from '../deliveries/api';
import { row, THIS_MONTH } from '../../test/fixtures';
import { applyDelivery } from '../deliveries/live-cache';
import { useRevertUndo } from './use-revert-undo';

jest.mock('../deliveries/api', () => ({
  ...jest.requireActual('../deliveries/api'),
  deliveriesApi: { undoRevert: jest.fn() },
}));
jest.mock('../deliveries/live-cache', () => ({ applyDelivery: jest.fn() }));
const api = jest.mocked(deliveriesApi);

const ana = row('a', { firstName: 'Ana' });
const ben = row('b', { firstName: 'Ben' });

beforeEach(() => {
  jest.clearAllMocks();
  usePopupStore.setState({ popup: null });
});
afterEach(() => jest.useRealTimers());

describe('the Undo after a status change', () => {
  it('is offered for the undo window and then taken away', () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useRevertUndo(THIS_MONTH));
    act(() => result.current.offer(ana, ana.delivery));
    expect(result.current.undoable).toEqual({ row: ana, to: 'not-started' });
    act(() => jest.advanceTimersByTime(REVERT_UNDO_SECONDS * 1000 - 1));
    expect(result.current.undoable).toEqual({ row: ana, to: 'not-started' });
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.undoable).toBeNull();
  });

  it('starts its window again for a newer stop, which replaces the older one', () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useRevertUndo(THIS_MONTH));
    act(() => result.current.offer(ana, ana.delivery));
    act(() => jest.advanceTimersByTime(REVERT_UNDO_SECONDS * 1000 - 1));
    act(() => result.current.offer(ben, ben.delivery));
    act(() => jest.advanceTimersByTime(REVERT_UNDO_SECONDS * 1000 - 1));
    expect(result.current.undoable).toEqual({ row: ben, to: 'not-started' });
  });

  it('restores the delivery the server gives back, and is no longer offered', async () => {
    const restored = { ...ana.delivery, status: 'delivered' as const };
    api.undoRevert.mockResolvedValue(restored);
    const { result } = renderHook(() => useRevertUndo(THIS_MONTH));
    act(() => result.current.offer(ana, ana.delivery));
    await act(() => result.current.undo(ana));
    expect(api.undoRevert).toHaveBeenCalledWith('a', THIS_MONTH);
    expect(applyDelivery).toHaveBeenCalledWith(restored);
    expect(result.current.undoable).toBeNull();
  });

  it('shows the delivery as it now is and says why, when someone changed it meanwhile', async () => {
    const fresh = { ...ana.delivery, status: 'out-for-delivery' as const };
    api.undoRevert.mockRejectedValue(new ApiError(409, 'Someone else changed this delivery a moment ago.', { delivery: fresh }));
    const { result } = renderHook(() => useRevertUndo(THIS_MONTH));
    await act(() => result.current.undo(ana));
    expect(applyDelivery).toHaveBeenCalledWith(fresh);
    expect(usePopupStore.getState().popup).toMatchObject({ kind: 'error', message: 'Someone else changed this delivery a moment ago.' });
  });

  it('changes nothing and says so when the server cannot be reached', async () => {
    api.undoRevert.mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const { result } = renderHook(() => useRevertUndo(THIS_MONTH));
    await act(() => result.current.undo(ana));
    expect(applyDelivery).not.toHaveBeenCalled();
    expect(usePopupStore.getState().popup).toMatchObject({ kind: 'error', message: 'Failed to fetch' });
  });
});
