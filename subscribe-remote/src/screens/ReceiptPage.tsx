import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { RECEIPT_NOT_FOUND, RECEIPT_NUMBER_PATTERN } from '@blooms/shared/contract/receipts';
import { ACCOUNT_PATH } from '@blooms/shared/contract/routes';
import { Screen } from '@blooms/shared/ui/Screen';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { receiptQuery, signedInEmail } from '../features/account/account-session';
import { messageOf } from '../features/account/act';
import { ReceiptSheet } from '../features/receipts/ReceiptSheet';
import '../features/receipts/receipt.css';

const backToAccount = <Link to={ACCOUNT_PATH}>Back to your account</Link>;

/** /account/receipt?number=R-000042: one of the signed-in subscriber's receipts, to print or keep. */
function ReceiptScreen() {
  const number = useSearchParams()[0].get('number') ?? '';
  const wellFormed = RECEIPT_NUMBER_PATTERN.test(number);
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    signedInEmail().then(
      (email) => setSignedIn(email !== null),
      () => setSignedIn(false),
    );
  }, []);
  const receipt = useQuery({ ...receiptQuery(number), enabled: signedIn === true && wellFormed, retry: false });

  const problem =
    signedIn === false ? (
      <p>
        Sign in to <Link to={ACCOUNT_PATH}>your account</Link> to see your receipts.
      </p>
    ) : !wellFormed || receipt.error ? (
      <p role="alert" className="account__error">
        {wellFormed ? messageOf(receipt.error) : RECEIPT_NOT_FOUND}
      </p>
    ) : null;
  return (
    <Screen
      remote="subscribe"
      title={wellFormed ? `Receipt ${number}` : 'Receipt'}
      description="A Monthly Blooms receipt, to print or keep."
    >
      <section className="container section receipt-page">
        {problem ? (
          <>
            <h1>Receipt</h1>
            {problem}
          </>
        ) : receipt.data ? (
          <ReceiptSheet page={receipt.data} />
        ) : (
          <p role="status">Loading your receipt…</p>
        )}
        <p className="receipt-page__actions">
          {receipt.data && (
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
          )}
          {backToAccount}
        </p>
      </section>
    </Screen>
  );
}

export default function ReceiptPage() {
  return (
    <ServerState>
      <ReceiptScreen />
    </ServerState>
  );
}
