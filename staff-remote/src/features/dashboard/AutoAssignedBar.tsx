import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import type { DaySummary } from '@blooms/shared/contract/day-summary';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { applyDelivery, readCountsAgain } from '../deliveries/live-cache';

interface Props {
  month: MonthKey;
  summary: DaySummary | null;
}

const plural = (n: number) => `${n} ${n === 1 ? 'stop' : 'stops'}`;

/** The month's stops assigned as last month or by territory: keep them all (the marks go) or clear them all, in one press. */
export function AutoAssignedBar({ month, summary }: Props) {
  const [done, setDone] = useState<string | null>(null);
  const marked = summary?.month === month ? (summary.autoAssigned ?? 0) : 0;
  const settle = useMutation({
    mutationFn: (action: 'keep' | 'clear') => deliveriesApi.settleAutoAssigned(month, action),
    onSuccess: (changed, action) => {
      changed.forEach(applyDelivery);
      void readCountsAgain();
      setDone(action === 'keep' ? `Kept ${plural(changed.length)} as assigned.` : `Cleared ${plural(changed.length)}: unassigned again.`);
    },
    onError: (error) => showFailure(error),
  });
  const busy = settle.isPending;

  return (
    <div className="auto-assigned">
      {marked > 0 && (
        <>
          <p>{plural(marked)} assigned as last month or by territory. Check them, then keep or clear them.</p>
          <button type="button" className="button" disabled={busy} onClick={() => settle.mutate('keep')}>
            Keep all
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => settle.mutate('clear')}>
            Clear all
          </button>
        </>
      )}
      <p role="status" className="auto-assigned__done">
        {done}
      </p>
    </div>
  );
}
