import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { addDays, DEFAULT_DELIVERY_DAY, formatDeliveryDate, studioDate, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from './api';
import { applyDeliveryDay } from './live-cache';
import { staffQueries } from './queries';

interface Props {
  month: MonthKey;
  /** Admins on the dashboard; a driver is only told the day. */
  canChange?: boolean;
  forDriver?: boolean;
  /** The month's day as a driver's opening gave it: shown until the day's own answer is in, so the line does not come and go. */
  knownDate?: IsoDate;
}

/**
 * The viewed month's delivery day and the last day subscribers may change that month. Admins
 * may move the day within the month, or put it back on the usual day. With no signal and nothing
 * kept (nor a `knownDate`), the day is simply not shown: the rows matter more.
 */
export function DeliveryDay({ month, canChange = false, forDriver = false, knownDate }: Props) {
  const day = useQuery(staffQueries.deliveryDay(month)).data ?? null;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const save = useMutation({
    mutationFn: (date: string | null) => deliveriesApi.setDeliveryDate(month, date),
    onSuccess: (saved) => {
      applyDeliveryDay(saved);
      setEditing(false);
      showPopup('success', `Deliveries now go out on ${formatDeliveryDate(saved.date)}.`);
    },
    onError: (e) => showFailure(e),
  });
  const saving = save.isPending;
  useEffect(() => setEditing(false), [month]);

  if (!day || day.month !== month) return forDriver && knownDate ? <DriverDeliveryDay date={knownDate} /> : null;
  if (forDriver) return <DriverDeliveryDay date={day.date} />;

  const today = studioDate(new Date());
  const firstOfMonth = `${month}-01`;
  const lastOfMonth = addDays(`${addMonths(month, 1)}-01`, -1);
  const gone = day.date < today;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <div className="delivery-day">
      <p className="delivery-day__when" aria-live="polite">
        <strong>{dayWhen(day.date, today)}</strong>{' '}
        <span className="delivery-day__rule">{day.isDefault ? `(the usual day: ${DEFAULT_DELIVERY_DAY})` : '(moved by an admin)'}</span>
        {!gone && (
          <span className="delivery-day__deadline">
            {' '}
            Subscribers can skip or change it until the end of {formatDeliveryDate(day.lastDayForChanges)}.
          </span>
        )}
      </p>
      {canChange && !gone && !editing && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft(day.date);
            setEditing(true);
          }}
        >
          Change day
        </button>
      )}
      {editing && (
        <form className="delivery-day__form" onSubmit={submit}>
          <label htmlFor="delivery-day-input">New delivery day</label>
          <input
            id="delivery-day-input"
            type="date"
            required
            value={draft}
            min={today > firstOfMonth ? today : firstOfMonth}
            max={lastOfMonth}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button" disabled={saving || !draft}>
            Save day
          </button>
          {!day.isDefault && (
            <button type="button" className="button button--secondary" disabled={saving} onClick={() => save.mutate(null)}>
              Use the usual day
            </button>
          )}
          <button type="button" className="button button--secondary" disabled={saving} onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}

/** "Delivery day: Thursday, December 10", or "Delivered on: …" once that day has passed. */
const dayWhen = (date: IsoDate, today: IsoDate) => `${date < today ? 'Delivered on' : 'Delivery day'}: ${formatDeliveryDate(date)}`;

/** A driver is only told the day, from the day's answer or, before it, the opening's. */
export function DriverDeliveryDay({ date }: { date: IsoDate }) {
  return (
    <div className="delivery-day">
      <p className="delivery-day__when" aria-live="polite">
        <strong>{dayWhen(date, studioDate(new Date()))}</strong>
      </p>
    </div>
  );
}
