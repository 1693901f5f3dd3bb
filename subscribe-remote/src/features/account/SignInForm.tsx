import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signInLinkRequestSchema } from '@blooms/shared/contract/account-api';
import { SIGN_IN_RESEND_SECONDS } from '@blooms/shared/contract/account';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { askForSignInLink } from './account-session';
import { EmailField } from './EmailField';
import { messageOf } from './act';
import { maskEmail } from './mask-email';
import { useCountdown } from './use-countdown';

/** One state at a time: asking (perhaps with why the last try failed), or sent. */
type Phase = { kind: 'asking'; error: string | null } | { kind: 'sent'; email: string; sentAt: number; again: boolean };

/** Asks for a sign-in link by e-mail; then says where it went and offers it again after a while. */
export function SignInForm({ initialError }: { initialError: string | null }) {
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'asking', error: initialError });
  const [busy, setBusy] = useState(false);

  const send = async (again: boolean) => {
    const parsed = signInLinkRequestSchema.safeParse({ email: email.trim() });
    if (!parsed.success) return setPhase({ kind: 'asking', error: parsed.error.issues[0]!.message });
    setBusy(true);
    try {
      await askForSignInLink(parsed.data.email);
      setPhase({ kind: 'sent', email: parsed.data.email, sentAt: Date.now(), again });
    } catch (caught) {
      setPhase({ kind: 'asking', error: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  };

  if (phase.kind === 'sent')
    return (
      <LinkSent phase={phase} busy={busy} resend={() => void send(true)} changeAddress={() => setPhase({ kind: 'asking', error: null })} />
    );
  const error = phase.error;
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send(false);
      }}
      className="account__sign-in"
      noValidate
    >
      <p>Enter the e-mail address you subscribed with (for a gift, your own). We will e-mail you a link that signs you in.</p>
      <EmailField
        id="account-email"
        value={email}
        error={error}
        onChange={(value) => {
          setEmail(value);
          if (error) setPhase({ kind: 'asking', error: null });
        }}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'E-mail me a sign-in link'}
      </button>
    </form>
  );
}

function LinkSent({
  phase,
  busy,
  resend,
  changeAddress,
}: {
  phase: Extract<Phase, { kind: 'sent' }>;
  busy: boolean;
  resend: () => void;
  changeAddress: () => void;
}) {
  const wait = useCountdown(SIGN_IN_RESEND_SECONDS, phase.sentAt);
  const notice = useRef<HTMLDivElement>(null);
  // The form the person was in is gone: the notice takes the focus, so it is read out at once.
  useEffect(() => notice.current?.focus(), [phase.sentAt]);
  return (
    <div className="account__sign-in account__sent" ref={notice} tabIndex={-1} aria-labelledby="account-sent-heading">
      <h2 id="account-sent-heading">{phase.again ? 'We sent the link again' : 'Check your inbox'}</h2>
      <p>{ACCOUNT_MESSAGES.checkInbox(maskEmail(phase.email))}</p>
      <p className="account__actions">
        <button type="button" className="button button--secondary" onClick={resend} disabled={wait > 0 || busy}>
          {busy ? 'Sending…' : 'Send the link again'}
        </button>
        <button type="button" className="button button--secondary" onClick={changeAddress}>
          Use another address
        </button>
      </p>
      {wait > 0 && <p className="subscribe-form__hint">No e-mail yet? You can ask again in {wait} s.</p>}
    </div>
  );
}
