import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { FAQ } from '@blooms/shared/contract/faq';
import { phoneHref } from '@blooms/shared/contract/site';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { Disclosure } from '../components/Disclosure';
import { GetStarted } from '../components/GetStarted';
import '../marketing.css';

export default function FaqPage() {
  const site = useSiteContact();
  return (
    <Screen
      remote="marketing"
      title="FAQ"
      description="Answers about the Monthly Blooms subscription: how it works, deliveries, arrangements, vases, skipping a month, cancelling and gifts."
    >
      <section className="container section narrow">
        <h1>Frequently Asked Questions</h1>
        <div className="disclosure-list">
          {FAQ.map((faq) => (
            <Disclosure key={faq.question} question={faq.question}>
              <p>{faq.answer}</p>
              {faq.contact && (
                <p>
                  E-mail{' '}
                  <a className="contact-link" href={`mailto:${site.contactEmail}`}>
                    {site.contactEmail}
                  </a>{' '}
                  or call{' '}
                  <a className="contact-link" href={phoneHref(site.phone)}>
                    {site.phone}
                  </a>
                  .
                </p>
              )}
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
