import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { DELIVERY_COUNTIES, formatPrice, PRICE_PER_MONTH_USD } from '@blooms/shared/site';

export default function HomePage() {
  return (
    <Screen remote="marketing" title="Fresh flowers, hand-delivered monthly" description="A hand-made seasonal arrangement in a vase, hand-delivered each month in Utah.">
      <section className="container page">
        <h1>Monthly Blooms</h1>
        <p>
          A hand-made seasonal arrangement in a vase, hand-delivered to your door every month for{' '}
          {formatPrice(PRICE_PER_MONTH_USD)}/month in {DELIVERY_COUNTIES.join(', ')} counties.
        </p>
        <Link className="button" to="/subscribe">
          Get Started
        </Link>
      </section>
    </Screen>
  );
}
