import { useCallback, useEffect, useState } from 'react';
import type { Account } from '@blooms/shared/contract/account';
import { ApiError, isUnreadableReply } from '@blooms/shared/runtime/api-client';
import { accountApi, completeSignIn, isSignInLink, pendingEmail, signedInEmail, signOutOfAccount } from './account-session';
import { messageOf, type Act } from './act';
import { redirectTo } from '../checkout/redirect';

export type AccountState =
  | { kind: 'loading' }
  /** Asking for a sign-in link; error: why the last sign-in did not work (an old link, say). */
  | { kind: 'signed-out'; error: string | null }
  | { kind: 'confirm-email' }
  | { kind: 'signed-in'; account: Account }
  /** The account came from an API of another release, which this page cannot read: the screen says to reload. */
  | { kind: 'unreadable' };

/** The account page's session and data: signing in from the e-mailed link, reading the account, and running changes. */
export function useAccount() {
  const [state, setState] = useState<AccountState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'signed-in', account: await accountApi.account() });
  }, []);

  const finishSignIn = useCallback(
    async (email: string) => {
      await completeSignIn(email, window.location.href);
      window.history.replaceState(null, '', window.location.pathname);
      await load();
    },
    [load],
  );

  useEffect(() => {
    void (async () => {
      try {
        if (await isSignInLink(window.location.href)) {
          const email = pendingEmail();
          if (!email) return setState({ kind: 'confirm-email' });
          return await finishSignIn(email);
        }
        if (await signedInEmail()) await load();
        else setState({ kind: 'signed-out', error: null });
      } catch (caught) {
        setState(isUnreadableReply(caught) ? { kind: 'unreadable' } : { kind: 'signed-out', error: messageOf(caught) });
      }
    })();
  }, [load, finishSignIn]);

  /** A refusal is answered where it was asked, and the account read again: it may have moved on since the page was opened. */
  const act: Act = async (change) => {
    try {
      setState({ kind: 'signed-in', account: await change() });
      return { ok: true };
    } catch (caught) {
      // A sign-in that no longer stands was ended by the refusal (the client signed out): back to the sign-in form, with why.
      if (caught instanceof ApiError && caught.status === 401) setState({ kind: 'signed-out', error: messageOf(caught) });
      else await load().catch(() => undefined);
      return { ok: false, message: messageOf(caught) };
    }
  };

  return {
    state,
    act,
    /** Finishes a sign-in opened in another browser; the refusal, if any, for the form to show. */
    confirmEmail: (email: string): Promise<string | null> => finishSignIn(email).then(() => null, messageOf),
    signOut: () => void signOutOfAccount().then(() => setState({ kind: 'signed-out', error: null })),
    /** Off to the payment provider's page for changing the card; it comes back here. */
    updateCard: async (subscriptionId: string): Promise<string | null> => {
      try {
        redirectTo((await accountApi.cardPage({ params: { id: subscriptionId } })).url);
        return null;
      } catch (caught) {
        return messageOf(caught);
      }
    },
  };
}
