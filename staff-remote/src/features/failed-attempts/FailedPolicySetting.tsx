import { useEffect, useId, useState } from 'react';
import { staffApi } from '@blooms/shared/runtime/staff-api';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { FAILED_NEXT_STEP_LABELS, FAILED_NEXT_STEPS, type FailedNextStep } from '@blooms/shared/contract/failed-attempts';

/** Admins: the site setting of what follows a failed attempt, as the subscriber's e-mail says it. */
export function FailedPolicySetting() {
  const [nextStep, setNextStep] = useState<FailedNextStep | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    // An API of the release before has no such setting: the panel is then not shown.
    void staffApi.failedPolicy().then(
      (policy) => setNextStep(policy.nextStep),
      () => setNextStep(null),
    );
  }, []);
  if (!nextStep) return null;

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
    <details className="settings-panel">
      <summary>After a failed delivery: {FAILED_NEXT_STEP_LABELS[nextStep].toLowerCase()}</summary>
      <label htmlFor={id}>What the subscriber's e-mail says happens next</label>{' '}
      <select id={id} value={nextStep} disabled={busy} onChange={(event) => void choose(event.target.value as FailedNextStep)}>
        {FAILED_NEXT_STEPS.map((step) => (
          <option key={step} value={step}>
            {FAILED_NEXT_STEP_LABELS[step]}
          </option>
        ))}
      </select>
    </details>
  );
}
