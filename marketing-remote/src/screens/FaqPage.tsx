import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { FAQ } from '@blooms/shared/contract/faq';
import { Disclosure } from '../components/Disclosure';
import { GetStarted } from '../components/GetStarted';
import '../marketing.css';

export default function FaqPage() {
  return (
    <Screen
      remote="marketing"
      title="FAQ"
      description="Answers about the Monthly Blooms subscription: how it works, deliveries, skipping a month, cancelling and gifts."
    >
      <section className="container section narrow">
        <h1>Frequently Asked Questions</h1>
        <div className="disclosure-list">
          {FAQ.map((faq) => (
            <Disclosure key={faq.question} question={faq.question}>
              <p>{faq.answer}</p>
              {faq.link && (
                <p>
                  <Link to={faq.link.to}>{faq.link.label}</Link>
                </p>
              )}
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
