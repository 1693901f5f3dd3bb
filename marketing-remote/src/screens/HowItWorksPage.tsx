import { Screen } from '@blooms/shared/ui/Screen';
import { formatPrice, PRICE_PER_MONTH_USD } from '@blooms/shared/contract/site';
import { CardSection } from '../components/CardSection';
import { GetStarted } from '../components/GetStarted';
import { Art } from '../components/Art';
import doorstep from '../assets/art/doorstep.svg';
import '../marketing.css';

const STEPS = [
  {
    title: `Subscribe for ${formatPrice(PRICE_PER_MONTH_USD)}/month`,
    text: 'Choose every month of the year, or only the months you want.',
  },
  { title: 'Tell us where to deliver', text: 'Your home, your office, or someone you love: gifts just need their name and address.' },
  { title: 'We design your arrangement', text: 'Each month our florists build a vase around the freshest seasonal flowers.' },
  { title: 'Delivered by hand', text: 'We bring it to the door ourselves, and pick up last month’s vase.' },
];

const VASE_SWAP = [
  { title: 'Your first delivery comes with a vase', text: 'No need to own one: the arrangement arrives ready to set down.' },
  { title: 'We swap it every month', text: 'Each visit we bring a fresh vase and take the old one back.' },
  { title: 'Not home? No problem', text: 'We leave the flowers at your door and take a photo so you know they arrived.' },
  { title: 'No cleaning needed', text: 'Leave the old vase as it is: we clean and reuse it.' },
];

export default function HowItWorksPage() {
  return (
    <Screen
      remote="marketing"
      title="How It Works"
      description="Subscribe, tell us where to deliver, and a hand-made seasonal arrangement arrives in a vase every month. We swap the vase each visit."
    >
      <section className="container section">
        <h1>How It Works</h1>
        <ol className="steps even-grid">
          {STEPS.map((step, i) => (
            <li key={step.title} className="card">
              <span className="steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <h2>{step.title}</h2>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="container section split">
        <Art src={doorstep} slot="doorstep" alt="A vase of seasonal flowers left on a doorstep" width={600} height={400} />
        <div>
          <h2>At your door, every month</h2>
          <p>We bring each arrangement ourselves. If no one is home, we leave it at your door and e-mail you a photo of where it is.</p>
        </div>
      </section>
      <CardSection heading="The vase swap" cards={VASE_SWAP} />
      <section className="container section center">
        <h2>Ready for your first vase?</h2>
        <GetStarted />
      </section>
    </Screen>
  );
}
