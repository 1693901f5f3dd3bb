import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { formatPrice, PRICE_PER_MONTH_USD, DELIVERY_COUNTIES_TEXT, GIFT_RULE } from '@blooms/shared/contract/site';
import { GIFT_END_RULE, GIFT_LENGTH_RULE, GIFT_PREPAID_RULE } from '@blooms/shared/contract/gifts';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH, SUBSCRIBE_AS_GIFT_PATH } from '@blooms/shared/contract/routes';
import { CardSection } from '../components/CardSection';
import { Art } from '../components/Art';
import doorstep from '../assets/art/doorstep.svg';
import '../marketing.css';

/** What the subscribe form asks of a gift (its gift fields: contract/subscriber.ts, contract/gifts.ts). */
const WHAT_YOU_CHOOSE = [
  { title: 'Who receives it', text: `Their name and address: anywhere in ${DELIVERY_COUNTIES_TEXT}.` },
  { title: 'A card message', text: 'A few words for the card that comes with the first vase, if you like.' },
  { title: 'How long it lasts', text: 'Until you cancel it, or 3, 6 or 12 deliveries. Every month, or only the months you pick.' },
  { title: 'How you pay', text: `${formatPrice(PRICE_PER_MONTH_USD)} as each delivery comes, or a gift that ends paid all up front.` },
];

export default function GiftsPage() {
  return (
    <Screen
      remote="marketing"
      title="Gift subscriptions"
      description={`Give flowers every month: a hand-made seasonal arrangement delivered by hand in ${DELIVERY_COUNTIES_TEXT}, for as long as you choose.`}
    >
      <section className="container section split">
        <div>
          <h1>Give flowers every month</h1>
          <p className="lead">
            A gift subscription brings someone you love a hand-made seasonal arrangement in a vase, delivered by hand, for as long as you
            choose. Receipts come to you; we do not write to them before their first delivery.
          </p>
          <p>
            <Link to={SUBSCRIBE_AS_GIFT_PATH} className="button button--large">
              Send a gift subscription
            </Link>
          </p>
        </div>
        <Art src={doorstep} slot="doorstep" alt="A vase of seasonal flowers left on a doorstep" width={600} height={400} priority />
      </section>
      <CardSection heading="What you choose" cards={WHAT_YOU_CHOOSE} />
      <section className="container section narrow">
        <h2>How a gift works</h2>
        <p>{GIFT_RULE}</p>
        <p>{GIFT_LENGTH_RULE}</p>
        <p>{GIFT_PREPAID_RULE}</p>
        <p>{GIFT_END_RULE}</p>
        <p>
          To skip a month, pause, change the address or cancel, you sign in to <Link to={ACCOUNT_PATH}>{ACCOUNT_LINK_LABEL}</Link> with your
          own e-mail address.
        </p>
        <p className="center">
          <Link to={SUBSCRIBE_AS_GIFT_PATH} className="button button--large">
            Send a gift subscription
          </Link>
        </p>
      </section>
    </Screen>
  );
}
