import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { DELIVERY_CORRIDOR, DELIVERY_COUNTIES_TEXT, NOBODY_HOME_RULE, phoneHref } from '@blooms/shared/contract/site';
import { Art } from '../components/Art';
import { CardSection } from '../components/CardSection';
import { StudioLink } from '../components/StudioLink';
import studio from '../assets/art/studio.svg';
import '../marketing.css';

const SERVICES = [
  { title: 'Weddings', text: 'Bouquets, ceremony arches and reception tables, designed around your day.' },
  { title: 'Events', text: 'Galas, parties and launches: florals that fill a room and hold up all evening.' },
  { title: 'Retail & Commercial', text: 'Lobbies, restaurants and shops kept fresh on a schedule that suits them.' },
];

export default function AboutPage() {
  const site = useSiteContact();
  return (
    <Screen
      remote="marketing"
      title={`About ${site.sisterStudioName}`}
      description={`${site.sisterStudioName} is the Utah wedding and event floral studio behind Monthly Blooms.`}
    >
      <section className="container section split">
        <div>
          <h1>About {site.sisterStudioName}</h1>
          <p className="lead">
            {site.sisterStudioName} is a floral studio in Utah that designs for weddings, events and businesses. Monthly Blooms grew out of
            one question our clients kept asking: can we have this at home, every month?
          </p>
          <p>
            We started with a few neighbours and a van. Today the same designers who build wedding arches compose every Monthly Blooms vase
            by hand.
          </p>
        </div>
        <Art src={studio} slot="studio" alt="Flowers laid out on the studio table" width={600} height={400} priority />
      </section>
      <section className="container section narrow" aria-labelledby="about-delivery">
        <h2 id="about-delivery">Who brings your flowers</h2>
        <p>
          Monthly Blooms is made in the {site.sisterStudioName} studio in Utah, and delivered by our own small team: the people who deliver
          your vase work for the studio, not a courier. We cover {DELIVERY_COUNTIES_TEXT}, by hand along {DELIVERY_CORRIDOR}.
        </p>
        <p>{NOBODY_HOME_RULE}</p>
        <p>
          Reach the studio at{' '}
          <a className="contact-link" href={`mailto:${site.contactEmail}`}>
            {site.contactEmail}
          </a>{' '}
          or{' '}
          <a className="contact-link" href={phoneHref(site.phone)}>
            {site.phone}
          </a>
          .
        </p>
      </section>
      <CardSection heading="Services" cards={SERVICES} />
      <section className="container section">
        <h2>The studio and your subscription</h2>
        <p>
          Every subscription is made in the {site.sisterStudioName} studio with the same flowers and care as our event work.{' '}
          <Link to="/subscribe">Start a subscription</Link> or <Link to="/how-it-works">see how it works</Link>.
        </p>
        <StudioLink />
      </section>
    </Screen>
  );
}
