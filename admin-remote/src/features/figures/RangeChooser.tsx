import { useState, type FormEvent } from 'react';
import type { MonthKey } from '@blooms/shared/contract/months';

export type MonthRange = { from?: MonthKey; to?: MonthKey };

/**
 * The months the figures cover, from and to (both included). The server checks the range and
 * says what is wrong with one it refuses; the page then keeps the figures it shows. (The page
 * draws it anew, by key, for each range it shows: the fields then hold that range.)
 */
export function RangeChooser({
  shown,
  problem,
  busy,
  onChoose,
}: {
  /** The range the figures show, else the one in the address (the server refused it, or it is loading). */
  shown: MonthRange | null;
  problem: string | null;
  busy: boolean;
  onChoose: (range: MonthRange) => void;
}) {
  const [from, setFrom] = useState(shown?.from ?? '');
  const [to, setTo] = useState(shown?.to ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    onChoose({ ...(from && { from }), ...(to && { to }) });
  }

  return (
    <form className="figures-range" onSubmit={submit} aria-describedby={problem ? 'figures-range-problem' : undefined} noValidate>
      <div className="figures-range__field">
        <label htmlFor="figures-from">From month</label>
        <input id="figures-from" type="month" value={from} placeholder="YYYY-MM" onChange={(event) => setFrom(event.target.value)} />
      </div>
      <div className="figures-range__field">
        <label htmlFor="figures-to">To month</label>
        <input id="figures-to" type="month" value={to} placeholder="YYYY-MM" onChange={(event) => setTo(event.target.value)} />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Show figures
      </button>
      {problem && (
        <p id="figures-range-problem" className="field-problem figures-range__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
