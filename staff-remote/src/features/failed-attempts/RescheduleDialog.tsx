import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { addDays } from '@blooms/shared/contract/delivery-dates';
import { lastRescheduleDay, rescheduleDateProblem } from '@blooms/shared/contract/failed-attempts';
import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { personName } from '@blooms/shared/contract/people';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { staffQueries } from '../deliveries/queries';
import { applyDelivery, readCountsAgain } from '../deliveries/live-cache';
import { useStaffList } from '../dashboard/use-staff-list';
import { failedAttemptsApi } from './api';

interface Props {
  row: SubscriptionRow;
  onClose: () => void;
}

/** Moves a failed stop to a later day and, if chosen, another driver; the day's bounds are the contract's. */
export function RescheduleDialog({ row, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const staff = useStaffList();
  const ids = { date: useId(), driver: useId(), error: useId() };
  const deliveryDate = useQuery(staffQueries.deliveryDay(row.delivery.month)).data?.date ?? null;
  // The day after the delivery day until one is typed.
  const [typed, setTyped] = useState<string>();
  const date = typed ?? (deliveryDate ? addDays(deliveryDate, 1) : '');
  const [driver, setDriver] = useState(row.delivery.assignedTo ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = `${row.firstName} ${row.lastName}`;
  const reschedule = useMutation({
    mutationFn: failedAttemptsApi.reschedule,
    onSuccess: (moved) => {
      applyDelivery(moved);
      void readCountsAgain();
      onClose();
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'It could not be moved. Try again.'),
  });

  useEffect(() => dialog.current?.showModal(), []);

  function save(event: FormEvent) {
    event.preventDefault();
    const problem = deliveryDate && rescheduleDateProblem(deliveryDate, date);
    if (problem) return setError(problem);
    const changed = driver && driver !== row.delivery.assignedTo ? { assigneeEmail: driver } : {};
    reschedule.mutate({ subscriptionId: row.id, month: row.delivery.month, date, ...changed });
  }

  return (
    <dialog ref={dialog} className="reschedule-dialog" aria-labelledby={`${ids.date}-title`} onClose={onClose}>
      <form onSubmit={save} noValidate>
        <h2 id={`${ids.date}-title`}>Reschedule {name}</h2>
        <label htmlFor={ids.date}>
          New day
          <input
            id={ids.date}
            type="date"
            value={date}
            min={deliveryDate ? addDays(deliveryDate, 1) : undefined}
            max={deliveryDate ? lastRescheduleDay(deliveryDate) : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <label htmlFor={ids.driver}>
          Driver
          <select id={ids.driver} value={driver} onChange={(event) => setDriver(event.target.value)}>
            {!row.delivery.assignedTo && <option value="">Unassigned</option>}
            {staff.map((member) => (
              <option key={member.email} value={member.email}>
                {personName(member)}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p id={ids.error} className="reschedule-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="reschedule-dialog__buttons">
          <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={reschedule.isPending || !deliveryDate}>
            Reschedule
          </button>
        </div>
      </form>
    </dialog>
  );
}
