import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { formatPrice, PRICE_PER_MONTH_USD } from '@blooms/shared/site';

const STEPS = [
  `Subscribe for ${formatPrice(PRICE_PER_MONTH_USD)}/month`,
  'Tell us where to deliver',
  'We design your arrangement',
  'Delivered by hand',
];

export default function HowItWorksPage() {
  return (
    <Screen remote="marketing" title="How It Works">
      <section className="container page">
        <h1>How It Works</h1>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <Link className="button" to="/subscribe">
          Get Started
        </Link>
      </section>
    </Screen>
  );
}
