import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { DELIVERY_CORRIDOR, DELIVERY_COUNTIES, formatPrice, PRICE_PER_MONTH_USD, SKIP_NOTICE_DAYS } from '@blooms/shared/contract/site';
import '../marketing.css';

export default function TermsOfServicePage() {
  const site = useSiteContact();
  return (
    <Screen remote="marketing" title="Terms of Service" description="The terms of the Monthly Blooms flower subscription: price, deliveries, skipping, pausing and cancelling.">
      <article className="container section narrow legal">
        <p className="legal__review" role="note">Draft for the owner’s legal review. Not yet reviewed by a lawyer.</p>
        <h1>Terms of Service</h1>
        <h2>The subscription</h2>
        <p>
          Monthly Blooms is a flower subscription at {formatPrice(PRICE_PER_MONTH_USD)} per month. Each month you chose, we deliver one hand-made seasonal arrangement in a vase. The yearly plan covers every month; a custom plan covers the months you selected.
        </p>
        <h2>Billing</h2>
        <p>Your card is charged through Stripe when you subscribe and then monthly. Prices include delivery.</p>
        <h2>Where we deliver</h2>
        <p>
          Within {DELIVERY_COUNTIES.join(', ')} counties in Utah, by hand along {DELIVERY_CORRIDOR}. If nobody is home, we leave the arrangement at the door and take a photo as proof of delivery.
        </p>
        <h2>The vase</h2>
        <p>Your first delivery includes a vase. We swap it for a fresh one at each delivery; the vases remain ours.</p>
        <h2>Skipping, pausing and cancelling</h2>
        <ul>
          <li>Skip or pause a delivery by telling us at least {SKIP_NOTICE_DAYS} days before it is scheduled.</li>
          <li>Cancel any time before your next billing cycle; no further charges follow.</li>
        </ul>
        <h2>Gifts</h2>
        <p>You may subscribe for someone else by entering their name and address. You remain the paying customer.</p>
        <h2>Flowers are seasonal</h2>
        <p>Arrangements vary with what is in season; pictures on this site are illustrations.</p>
        <h2>Contact</h2>
        <p>
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>, {site.phone}, {site.streetAddress}.
        </p>
      </article>
    </Screen>
  );
}
