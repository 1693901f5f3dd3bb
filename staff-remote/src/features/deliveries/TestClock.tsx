import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@blooms/shared/runtime/query-client';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { addDays, formatDeliveryDate, studioDate } from '@blooms/shared/contract/delivery-dates';
import { TEST_CLOCK_MAX_DAYS_AHEAD } from '@blooms/shared/contract/test-clock';
import { deliveriesApi } from './api';
import { staffQueries } from './queries';

/**
 * Admins, with the test checkout only: have the server pretend it is a later day, to try the
 * 7-day rule, pauses and charges without waiting. Not shown where the site's settings say there
 * is no test clock (real payments, Cloud Functions), and then not asked for either.
 */
export function TestClock() {
  const offered = useAppConfig((state) => state.config?.testClock ?? false);
  const { data: clock } = useQuery({ ...staffQueries.testClock(), enabled: offered });
  const [draft, setDraft] = useState('');
  const move = useMutation({
    mutationFn: (today: string | null) => deliveriesApi.setTestClock(today),
    onSuccess: (moved) => {
      queryClient.setQueryData(staffQueries.testClock().queryKey, moved);
      showPopup(
        'success',
        moved.pretending
          ? `The server now takes today to be ${formatDeliveryDate(moved.today, { withYear: true })}.`
          : 'The server is back on the real date.',
      );
    },
    onError: (error) => showFailure(error),
  });
  const busy = move.isPending;

  if (!clock) return null;

  const realToday = studioDate(new Date());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate(draft);
  };

  return (
    <details className="test-clock">
      <summary>
        Test clock (test checkout only)
        {clock.pretending ? `: the server pretends today is ${formatDeliveryDate(clock.today, { withYear: true })}` : ''}
      </summary>
      <p>
        Have the server take a later day as today, for subscribers&apos; changes, charges and delivery days, so the 7-day rule can be tried
        without waiting. Moving it takes the charges due by then. Staff screens still show the real date.
      </p>
      <form className="delivery-day__form" onSubmit={submit}>
        <label htmlFor="test-clock-day">Pretend today is</label>
        <input
          id="test-clock-day"
          type="date"
          required
          value={draft}
          min={realToday}
          max={addDays(realToday, TEST_CLOCK_MAX_DAYS_AHEAD)}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={busy || !draft}>
          Move the clock
        </button>
        {clock.pretending && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => move.mutate(null)}>
            Back to the real date
          </button>
        )}
      </form>
    </details>
  );
}
