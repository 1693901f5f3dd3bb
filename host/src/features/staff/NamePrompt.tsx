import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { ownRecordApi } from '@blooms/shared/runtime/own-record-api';
import { isStaffPage } from '@blooms/shared/contract/routes';
import { useSiteRoutes } from '../remotes/site-routes';
import { displayFirstName } from '@blooms/shared/contract/roles';
import { ownNameSchema } from '@blooms/shared/contract/users';
import { firstIssueMessage } from '@blooms/shared/contract/validation';

/** Remembered on the device once answered (named, or "Not now"), so the question comes once. */
export const nameAskedKey = (email: string) => `blooms.name-asked:${email.toLowerCase()}`;

function wasAsked(email: string): boolean {
  try {
    return localStorage.getItem(nameAskedKey(email)) !== null;
  } catch {
    return false;
  }
}

function rememberAsked(email: string): void {
  try {
    localStorage.setItem(nameAskedKey(email), 'yes');
  } catch {
    // Private mode without storage: the question may come again, which is harmless.
  }
}

/**
 * A staff member whose record has no name (an admin made from the configured e-mails) is
 * called by their e-mail before the @; on a staff screen they are asked, once, what to be
 * called. Not a dialog: a driver mid-route can ignore it.
 */
export function NamePrompt() {
  const record = useAuthStore((s) => (s.status === 'signed-in' ? s.record : null));
  const { pathname } = useLocation();
  const routes = useSiteRoutes();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState(false);

  if (!record || record.name || answered || !isStaffPage(routes, pathname) || wasAsked(record.email)) return null;
  const email = record.email;

  function done() {
    rememberAsked(email);
    setAnswered(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = ownNameSchema.safeParse({ name });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    setBusy(true);
    try {
      const updated = await ownRecordApi.setMyName({ body: parsed.data });
      useAuthStore.setState({ record: updated });
      done();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    // Above the screen's own heading, so a paragraph rather than a heading out of order.
    <section className="name-prompt" aria-labelledby="name-prompt-title">
      <p id="name-prompt-title" className="name-prompt__title">
        What should we call you?
      </p>
      <p>You show as “{displayFirstName(record)}” to the team. Your name is what they see on the deliveries you are assigned.</p>
      <form className="name-prompt__form" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor="name-prompt-name">Your name</label>
          <input
            id="name-prompt-name"
            autoComplete="name"
            value={name}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'name-prompt-problem' : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <p id="name-prompt-problem" className="field-problem" role="alert">
              <span aria-hidden="true">⚠ </span>
              {problem}
            </p>
          )}
        </div>
        <div className="name-prompt__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save my name'}
          </button>
          <button type="button" className="button button--secondary" onClick={done} disabled={busy}>
            Not now
          </button>
        </div>
      </form>
    </section>
  );
}
