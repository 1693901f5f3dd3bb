import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { staffApi } from '@blooms/shared/runtime/staff-api';
import { apiQuery } from '@blooms/shared/runtime/api-query';
import { queryClient } from '@blooms/shared/runtime/query-client';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { FAILED_NEXT_STEP_LABELS, FAILED_NEXT_STEPS, type FailedNextStep } from '@blooms/shared/contract/failed-attempts';

const policyQuery = apiQuery(STAFF_ROUTES.failedPolicy);

/**
 * Admins: the site setting of what follows a failed attempt, as the subscriber's e-mail says it.
 * Asked for once the panel is opened: the dashboard itself needs nothing of it (nor does an API
 * of the release before, which has no such setting and then says so here).
 */
export function FailedPolicySetting() {
  // Not yet opened (undefined), open or closed: asked once first opened, not again on opening again.
  const [open, setOpen] = useState<boolean>();
  const policy = useQuery({ ...policyQuery, enabled: open !== undefined });
  const nextStep = policy.data?.nextStep ?? null;
  const choose = useMutation({
    mutationFn: (step: FailedNextStep) => staffApi.setFailedPolicy({ body: { nextStep: step } }),
    onSuccess: (saved, step) => {
      queryClient.setQueryData(policyQuery.queryKey, saved);
      showPopup('success', `After a failed delivery, subscribers are now told: ${FAILED_NEXT_STEP_LABELS[step].toLowerCase()}.`);
    },
    onError: (error) => showFailure(error),
  });
  const id = useId();

  return (
    <details className="settings-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>After a failed delivery{nextStep && `: ${FAILED_NEXT_STEP_LABELS[nextStep].toLowerCase()}`}</summary>
      {nextStep ? (
        <>
          <label htmlFor={id}>What the subscriber's e-mail says happens next</label>{' '}
          <select
            id={id}
            value={nextStep}
            disabled={choose.isPending}
            onChange={(event) => choose.mutate(event.target.value as FailedNextStep)}
          >
            {FAILED_NEXT_STEPS.map((step) => (
              <option key={step} value={step}>
                {FAILED_NEXT_STEP_LABELS[step]}
              </option>
            ))}
          </select>
        </>
      ) : (
        open && (
          <p role="status">{policy.isError ? 'This setting could not be read. Reload the page to try again.' : 'Loading the setting…'}</p>
        )
      )}
    </details>
  );
}
