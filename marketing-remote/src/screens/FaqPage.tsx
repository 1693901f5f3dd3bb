import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { DELIVERY_CORRIDOR, DELIVERY_COUNTIES_TEXT, formatPrice, PRICE_PER_MONTH_USD, SKIP_NOTICE_DAYS } from '@blooms/shared/contract/site';
import { Disclosure } from '../components/Disclosure';
import { GetStarted } from '../components/GetStarted';
import '../marketing.css';

export default function FaqPage() {
  const site = useSiteContact();
  const faqs = [
    {
      q: 'How does the subscription work?',
      a: `You subscribe for ${formatPrice(PRICE_PER_MONTH_USD)} a month, for every month or only the months you choose. Each month we design a seasonal arrangement and deliver it by hand in a vase, swapping last month’s vase as we go.`,
    },
    {
      q: 'What if I’m not home?',
      a: 'No problem: we leave the flowers at your door and take a photo when we do, so you know they arrived safely.',
    },
    {
      q: 'Can I skip a month?',
      a: `Yes. Tell us at least ${SKIP_NOTICE_DAYS} days before your scheduled delivery to skip or pause it, at ${site.contactEmail} or ${site.phone}.`,
    },
    {
      q: 'Do you deliver outside Utah?',
      a: `Not yet. We deliver within ${DELIVERY_COUNTIES_TEXT}, by hand along ${DELIVERY_CORRIDOR}. The subscribe form checks your ZIP code.`,
    },
    {
      q: 'How do I cancel?',
      a: 'You can cancel any time before your next billing cycle. Get in touch and we will stop the next charge and pick up the vase.',
    },
    {
      q: 'Can I send flowers as a gift?',
      a: 'Yes. Subscribe with the recipient’s name and address, and add a note for our driver in the delivery notes.',
    },
  ];
  return (
    <Screen remote="marketing" title="FAQ" description="Answers about the Monthly Blooms subscription: how it works, deliveries, skipping a month, cancelling and gifts.">
      <section className="container section narrow">
        <h1>Frequently Asked Questions</h1>
        <div className="disclosure-list">
          {faqs.map((faq) => (
            <Disclosure key={faq.q} question={faq.q}>
              <p>{faq.a}</p>
            </Disclosure>
          ))}
        </div>
        <p className="center">
          <GetStarted />
        </p>
      </section>
    </Screen>
  );
}
