import { useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { formatPrice, PRICE_PER_MONTH_USD } from '@blooms/shared/contract/site';
import { PlanCard } from '@blooms/shared/ui/PlanCard';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { CHECKOUT_CANCELLED_PARAM } from '@blooms/shared/contract/subscribe';
import { useSubscribeForm } from '../features/subscribe/use-subscribe-form';
import { SubscribeForm } from '../features/subscribe/SubscribeForm';
import { YourOrder } from '../features/order/YourOrder';
import { OrderGlance } from '../features/order/OrderGlance';
import { useUpcomingDeliveries } from '../features/order/use-upcoming-deliveries';
import '../features/subscribe/subscribe.css';

export default function SubscribePage() {
  const state = useSubscribeForm();
  const upcoming = useUpcomingDeliveries();
  const cameBackFromCheckout = useSearchParams()[0].get(CHECKOUT_CANCELLED_PARAM.name) === CHECKOUT_CANCELLED_PARAM.value;

  return (
    <Screen
      remote="subscribe"
      title="Subscribe"
      description={`Start a ${formatPrice(PRICE_PER_MONTH_USD)}/month hand-delivered flower subscription in Utah.`}
    >
      <section className="container page subscribe-page">
        <h1>Start your subscription</h1>
        <p className="subscribe-page__lead">
          {formatPrice(PRICE_PER_MONTH_USD)}/month: a hand-made seasonal arrangement in a vase, delivered by hand. Sending a gift? Enter the
          recipient&apos;s name and address, and tick &ldquo;This is a gift&rdquo;.
        </p>
        {cameBackFromCheckout && (
          <p className="status-message" role="status">
            {SUBSCRIBE_MESSAGES.checkoutCancelled}
          </p>
        )}
        <div className="subscribe-page__layout">
          <SubscribeForm state={state} beforeSubmit={<OrderGlance form={state.form} upcoming={upcoming} />} />
          <aside className="subscribe-page__aside" aria-label="Your order and the plan">
            <YourOrder form={state.form} upcoming={upcoming} />
            <PlanCard />
          </aside>
        </div>
      </section>
    </Screen>
  );
}
