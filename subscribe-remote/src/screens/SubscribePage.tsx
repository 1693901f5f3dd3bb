import { Screen } from '@blooms/shared/ui/Screen';
import { formatPrice, PRICE_PER_MONTH_USD } from '@blooms/shared/site';

export default function SubscribePage() {
  return (
    <Screen remote="subscribe" title="Subscribe">
      <section className="container page">
        <h1>Start your subscription</h1>
        <p>{formatPrice(PRICE_PER_MONTH_USD)}/month, hand-delivered.</p>
      </section>
    </Screen>
  );
}
