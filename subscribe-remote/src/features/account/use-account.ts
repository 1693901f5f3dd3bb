import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@blooms/shared/contract/account';
import { ApiError, isUnreadableReply } from '@blooms/shared/runtime/api-client';
import { accountQuery, accountApi, completeSignIn, isSignInLink, pendingEmail, signedInEmail, signOutOfAccount } from './account-session';
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

type Session = { kind: 'loading' } | { kind: 'signed-out'; error: string | null } | { kind: 'confirm-email' } | { kind: 'signed-in' };

/** What the page shows: the sign-in as it stands, and once signed in the account the query holds. */
function stateOf(session: Session, account: ReturnType<typeof useQuery<Account>>): AccountState {
  if (session.kind !== 'signed-in') return session;
  if (account.data) return { kind: 'signed-in', account: account.data };
  if (isUnreadableReply(account.error)) return { kind: 'unreadable' };
  if (account.error) return { kind: 'signed-out', error: messageOf(account.error) };
  return { kind: 'loading' };
}

/** The account page's session and data: signing in from the e-mailed link, reading the account, and running changes. */
export function useAccount() {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>({ kind: 'loading' });
  const account = useQuery({ ...accountQuery, enabled: session.kind === 'signed-in' });

  const finishSignIn = useCallback(async (email: string) => {
    await completeSignIn(email, window.location.href);
    window.history.replaceState(null, '', window.location.pathname);
    setSession({ kind: 'signed-in' });
  }, []);

  useEffect(() => {
    void (async () => {
      try {
        if (await isSignInLink(window.location.href)) {
          const email = pendingEmail();
          if (!email) return setSession({ kind: 'confirm-email' });
          return await finishSignIn(email);
        }
        setSession((await signedInEmail()) ? { kind: 'signed-in' } : { kind: 'signed-out', error: null });
      } catch (caught) {
        setSession({ kind: 'signed-out', error: messageOf(caught) });
      }
    })();
  }, [finishSignIn]);

  /** A refusal is answered where it was asked, and the account read again: it may have moved on since the page was opened. */
  const act: Act = async (change) => {
    try {
      queryClient.setQueryData(accountQuery.queryKey, await change());
      return { ok: true };
    } catch (caught) {
      // A sign-in that no longer stands was ended by the refusal (the client signed out): back to the sign-in form, with why.
      if (caught instanceof ApiError && caught.status === 401) setSession({ kind: 'signed-out', error: messageOf(caught) });
      else await account.refetch();
      return { ok: false, message: messageOf(caught) };
    }
  };

  return {
    state: stateOf(session, account),
    act,
    /** Finishes a sign-in opened in another browser; the refusal, if any, for the form to show. */
    confirmEmail: (email: string): Promise<string | null> => finishSignIn(email).then(() => null, messageOf),
    signOut: () =>
      void signOutOfAccount().then(() => {
        // The next person to sign in here never sees this account.
        queryClient.removeQueries({ queryKey: accountQuery.queryKey });
        setSession({ kind: 'signed-out', error: null });
      }),
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
