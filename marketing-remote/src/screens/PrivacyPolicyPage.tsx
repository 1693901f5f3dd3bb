import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { SKIP_NOTICE_DAYS } from '@blooms/shared/contract/site';
import '../marketing.css';

export default function PrivacyPolicyPage() {
  const site = useSiteContact();
  return (
    <Screen remote="marketing" title="Privacy Policy" description="What Monthly Blooms stores about you, why, who helps us process it, and how to reach us.">
      <article className="container section narrow legal">
        <p className="legal__review" role="note">Draft for the owner’s legal review. Not yet reviewed by a lawyer.</p>
        <h1>Privacy Policy</h1>
        <p>This page says, in plain language, what Monthly Blooms keeps about you and why.</p>
        <h2>What we store</h2>
        <ul>
          <li>Your contact details: name, e-mail address and phone number.</li>
          <li>Your delivery details: street address, unit, city, ZIP code and any delivery notes you give us.</li>
          <li>Your plan: yearly or the months you chose, and when you subscribed.</li>
          <li>Delivery records: when each month’s arrangement went out and who delivered it. When we leave flowers at your door, we take a photo of the doorstep as proof of delivery.</li>
        </ul>
        <h2>What we do not store</h2>
        <p>Card numbers never reach us. Payments are handled by our payment processor, Stripe, which keeps your card details under its own privacy policy.</p>
        <h2>Who processes your data for us</h2>
        <ul>
          <li>Stripe, to take your monthly payment.</li>
          <li>Our e-mail provider, to send your order confirmation.</li>
          <li>Google (Firebase), to let our staff sign in. Visitors and subscribers do not sign in.</li>
          <li>Our hosting provider, which runs the website and its database.</li>
        </ul>
        <h2>How we use it</h2>
        <p>Only to deliver your flowers, take your payment, and answer you. We do not sell your data or send marketing e-mail you did not ask for.</p>
        <h2>How long we keep it</h2>
        <p>For as long as you subscribe, then as long as tax and accounting rules require. Delivery photos are deleted after a short time once a delivery is confirmed.</p>
        <h2>Your choices</h2>
        <p>
          Ask us to see, correct or delete your data at <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a> or {site.phone}. To skip or pause a delivery, give us at least {SKIP_NOTICE_DAYS} days’ notice.
        </p>
      </article>
    </Screen>
  );
}
