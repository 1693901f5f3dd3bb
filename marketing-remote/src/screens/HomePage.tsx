import { Logo } from '@blooms/shared/ui/Logo';
import { PlanCard } from '@blooms/shared/ui/PlanCard';
import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { DELIVERY_CORRIDOR, DELIVERY_COUNTIES_TEXT, formatPrice, PRICE_PER_MONTH_USD, SECURE_CHECKOUT } from '@blooms/shared/contract/site';
import { Art } from '../components/Art';
import { CardSection } from '../components/CardSection';
import { DeliveryArea } from '../components/DeliveryArea';
import { GetStarted } from '../components/GetStarted';
import { StudioLink } from '../components/StudioLink';
import { TestimonialCarousel, type Testimonial } from '../components/TestimonialCarousel';
import hero from '../assets/art/hero.svg';
import studio from '../assets/art/studio.svg';
import '../marketing.css';

const FEATURES = [
  'A hand-made arrangement of the season’s best flowers, every month',
  'Delivered in a vase, by hand, to your door',
  'We swap the vase each month: no cleaning, no clutter',
  `Delivery across ${DELIVERY_COUNTIES_TEXT}`,
  `${formatPrice(PRICE_PER_MONTH_USD)} a month, skip or pause with notice, cancel any time`,
];

const APPROACH = [
  { title: 'Seasonal', text: 'Each arrangement follows what is blooming now, so no two months look alike.' },
  { title: 'Designed with care', text: 'Our florists compose every vase by hand, the way they would for a wedding.' },
  { title: 'Reliable delivery', text: `We drive it ourselves, along ${DELIVERY_CORRIDOR}, and tell you when it arrives.` },
  { title: 'Locally sourced', text: 'Wherever we can, stems come from Utah growers and nearby farms.' },
];

const TESTIMONIALS: Testimonial[] = [
  {
    quote: 'The first thing guests notice in our living room. Every month I wonder what will come next.',
    name: 'Rachel M.',
    place: 'Sandy',
  },
  { quote: 'I gave my mom a yearly plan for her birthday. She calls me every time the vase arrives.', name: 'Daniel K.', place: 'Provo' },
  {
    quote: 'Our reception desk finally looks alive. The swap is so easy we barely notice it happen.',
    name: 'Priya R.',
    place: 'Bountiful',
  },
  { quote: 'Beautiful, generous arrangements, and the delivery is always right on time.', name: 'Tom N.', place: 'Millcreek' },
  { quote: 'Fall in a vase: dahlias, wheat, berries. It made our whole house feel like October.', name: 'Ashley B.', place: 'Lehi' },
];

export default function HomePage() {
  const site = useSiteContact();
  return (
    <Screen
      remote="marketing"
      title="Fresh flowers, hand-delivered monthly"
      description={`A hand-made seasonal arrangement in a vase, hand-delivered each month in ${DELIVERY_COUNTIES_TEXT}, Utah. ${formatPrice(PRICE_PER_MONTH_USD)}/month.`}
    >
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">
              <Logo size={28} /> Monthly Blooms
            </p>
            <h1>Fresh flowers, hand-delivered every month</h1>
            <p className="hero__lead">
              A seasonal arrangement, made by hand and brought to your door in a vase, across {DELIVERY_COUNTIES_TEXT}.{' '}
              {formatPrice(PRICE_PER_MONTH_USD)} a month.
            </p>
            <GetStarted />
          </div>
          <Art
            src={hero}
            slot="hero"
            alt="A hand-made arrangement of pink and gold flowers in a vase"
            width={640}
            height={640}
            priority
            className="hero__art"
          />
        </div>
      </section>

      <section className="container section intro">
        <h2>A monthly moment of beauty</h2>
        <p>
          Flowers change a room, and a little of the day. Monthly Blooms makes that happen on its own, every month, without a trip to the
          shop.
        </p>
        <ul className="feature-list">
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>

      <div className="container section pricing">
        <PlanCard />
        <GetStarted />
        <p className="secure-checkout">{SECURE_CHECKOUT}</p>
      </div>

      <CardSection heading="Our approach" cards={APPROACH} />

      <DeliveryArea />

      <div className="container section">
        <TestimonialCarousel testimonials={TESTIMONIALS} />
      </div>

      <section className="section section--muted">
        <div className="container split">
          <Art src={studio} slot="studio" alt="Flowers laid out on the studio table" width={600} height={400} />
          <div>
            <h2>From the studio behind {site.sisterStudioName}</h2>
            <p>
              Monthly Blooms comes from the florists of {site.sisterStudioName}, a wedding and event studio in Utah. The same hands that
              design for the biggest days make your monthly vase.
            </p>
            <StudioLink />
          </div>
        </div>
      </section>
    </Screen>
  );
}
