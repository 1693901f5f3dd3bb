import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { historyApi } from '../features/history/api';
import { DeliveryDayMessages } from '../features/history/DeliveryDayMessages';
import { HistoryList } from '../features/history/HistoryList';
import { RefundForm } from '../features/history/RefundForm';
import '../features/history/history.css';

const SUBSCRIBED = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** A subscription's history (admins, from the dashboard's History link): what happened to it, newest first. */
function HistoryScreen() {
  const id = useSearchParams()[0].get('id');
  const queryClient = useQueryClient();
  const query = useQuery({ ...historyApi.history(id ?? ''), enabled: id !== null && id !== '' });
  const history = query.data ?? null;
  const loadError = query.error;

  const name = history?.subscription.name;
  return (
    <Screen remote="admin" title={name ? `History of ${name}` : 'Subscription history'}>
      <section className="container page history-page">
        <h1>{name ? `History of ${name}` : 'Subscription history'}</h1>
        <p className="history-page__back">
          <Link to="/dashboard">Back to the dashboard</Link>
        </p>
        {!id && <p>Open a subscription’s history from its History link on the dashboard.</p>}
        {loadError !== null && <LoadError what="the history" error={loadError} onRetry={() => void query.refetch()} />}
        {id && !history && loadError === null && (
          <p className="status-message" role="status">
            Loading the history…
          </p>
        )}
        {history && (
          <>
            <p className="history-page__summary">
              {history.subscription.email} ·{' '}
              {SUBSCRIPTION_STATUS_LABELS[history.subscription.status as SubscriptionStatus] ?? history.subscription.status} · subscribed{' '}
              {SUBSCRIBED.format(new Date(history.subscription.createdAt))}
            </p>
            <RefundForm
              subscriptionId={history.subscription.id}
              refundable={history.refundable}
              onRefunded={(refunded) => queryClient.setQueryData(historyApi.history(refunded.subscription.id).queryKey, refunded)}
            />
            <DeliveryDayMessages history={history} />
            <h2 className="history-page__events">What happened</h2>
            <HistoryList events={history.events} />
          </>
        )}
      </section>
    </Screen>
  );
}

export default function SubscriptionHistoryPage() {
  return (
    <ServerState>
      <HistoryScreen />
    </ServerState>
  );
}
