import { useEffect, useId, useState } from 'react';
import { staffApi } from '@blooms/shared/runtime/staff-api';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { FAILED_NEXT_STEP_LABELS, FAILED_NEXT_STEPS, type FailedNextStep } from '@blooms/shared/contract/failed-attempts';

/**
 * Admins: the site setting of what follows a failed attempt, as the subscriber's e-mail says it.
 * Asked for once the panel is opened: the dashboard itself needs nothing of it (nor does an API
 * of the release before, which has no such setting and then says so here).
 */
export function FailedPolicySetting() {
  const [nextStep, setNextStep] = useState<FailedNextStep | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!open || nextStep || unavailable) return;
    void staffApi.failedPolicy().then(
      (policy) => setNextStep(policy.nextStep),
      () => setUnavailable(true),
    );
  }, [open, nextStep, unavailable]);

  async function choose(step: FailedNextStep) {
    setBusy(true);
    try {
      setNextStep((await staffApi.setFailedPolicy({ body: { nextStep: step } })).nextStep);
      showPopup('success', `After a failed delivery, subscribers are now told: ${FAILED_NEXT_STEP_LABELS[step].toLowerCase()}.`);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="settings-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>After a failed delivery{nextStep && `: ${FAILED_NEXT_STEP_LABELS[nextStep].toLowerCase()}`}</summary>
      {nextStep ? (
        <>
          <label htmlFor={id}>What the subscriber's e-mail says happens next</label>{' '}
          <select id={id} value={nextStep} disabled={busy} onChange={(event) => void choose(event.target.value as FailedNextStep)}>
            {FAILED_NEXT_STEPS.map((step) => (
              <option key={step} value={step}>
                {FAILED_NEXT_STEP_LABELS[step]}
              </option>
            ))}
          </select>
        </>
      ) : (
        open && (
          <p role="status">{unavailable ? 'This setting could not be read. Reload the page to try again.' : 'Loading the setting…'}</p>
        )
      )}
    </details>
  );
}
