import { GIFT_LENGTH_RULE, GIFT_PREPAID_RULE } from '@blooms/shared/contract/gifts';
import { SUBSCRIBE_AS_GIFT_PATH } from '@blooms/shared/contract/routes';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { CANCEL_EXPLAINED, DEFAULT_SITE_CONTACT, SKIP_EXPLAINED } from '@blooms/shared/contract/site';
import HomePage from './HomePage';
import HowItWorksPage from './HowItWorksPage';
import SeasonalCollectionsPage from './SeasonalCollectionsPage';
import FaqPage from './FaqPage';
import AboutPage from './AboutPage';
import GiftsPage from './GiftsPage';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import TermsOfServicePage from './TermsOfServicePage';
import { LegalPage, withLegalFacts } from '../components/LegalPage';
import { claimsOutsideTheContract } from '@blooms/shared/contract/site-claims';

const SITE = {
  ...DEFAULT_SITE_CONTACT,
  sisterStudioUrl: 'https://studio.example',
  contactEmail: 'hi@blooms.example',
  phone: '(801) 555-0000',
};

function renderPage(Page: () => React.JSX.Element) {
  useAppConfig.setState({ config: { site: SITE } as unknown as AppConfig });
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <Page />
    </MemoryRouter>,
  );
}

const getStarted = () => screen.getAllByRole('link', { name: 'Get Started' });

describe('Home', () => {
  it('has a plan card: the price per delivered month, what is in it, how Yearly and Custom are billed, and the skip, pause and cancel rules', () => {
    renderPage(HomePage);
    const card = screen.getByRole('region', { name: 'The plan' });
    expect(card).toHaveTextContent('$99 per delivered month');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A hand-made arrangement of the season’s flowers',
      'A vase, swapped for a fresh one each month',
      'Hand delivery to your door',
    ]);
    expect(within(card).getByText('Yearly').nextElementSibling).toHaveTextContent(
      'Flowers every month: $99 for each delivery, so 12 a year unless you skip or pause.',
    );
    expect(within(card).getByText('Custom').nextElementSibling).toHaveTextContent(
      'Only the months you choose: $99 for each of them, and nothing in the others.',
    );
    expect(card).toHaveTextContent(
      'Skip or pause a month up to 7 days before its delivery. Cancel any time: nothing is charged after your last delivery.',
    );
    expect(card).toHaveTextContent('The first delivery is paid when you subscribe. Each later delivery is charged 6 days before it');
  });

  it('says under the plan who takes the card, as Subscribe does', () => {
    renderPage(HomePage);
    expect(screen.getByText(/^Secure checkout by Stripe: your card goes to Stripe over an encrypted connection/)).toBeInTheDocument();
  });

  it('has the hero with the logo and Get Started, the five-point intro, the four approach cards and the About section', () => {
    renderPage(HomePage);
    expect(screen.getByRole('heading', { level: 1, name: 'Fresh flowers, hand-delivered every month' })).toBeInTheDocument();
    expect(getStarted()[0]).toHaveAttribute('href', '/subscribe');
    const intro = screen.getByRole('heading', { name: 'A monthly moment of beauty' }).closest('section')!;
    expect(within(intro).getAllByRole('listitem')).toHaveLength(5);
    expect(within(intro).getByText(/Salt Lake, Utah and Davis counties/)).toBeInTheDocument();
    const approach = screen.getByRole('heading', { name: 'Our approach' }).closest('section')!;
    expect(
      within(approach)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Seasonal', 'Designed with care', 'Reliable delivery', 'Locally sourced']);
    expect(screen.getByRole('link', { name: /Visit Shelby Floral/ })).toHaveAttribute('href', 'https://studio.example');
  });

  it('sets its document title and meta description', () => {
    document.head.innerHTML = '<meta name="description" content="">';
    renderPage(HomePage);
    expect(document.title).toBe('Fresh flowers, hand-delivered monthly | Monthly Blooms');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/\$99\/month/);
  });

  it('loads the hero image at once and everything below the fold lazily, all with dimensions and alt text', () => {
    renderPage(HomePage);
    const images = screen.getAllByRole('img').filter((img) => img.getAttribute('alt'));
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    expect(screen.getByAltText(/A hand-made arrangement/)).toHaveAttribute('loading', 'eager');
    expect(screen.getByAltText('Flowers laid out on the studio table')).toHaveAttribute('loading', 'lazy');
  });

  it('loads the first season at once (it is on the first screen of a phone) and the rest lazily', () => {
    renderPage(SeasonalCollectionsPage);
    expect(screen.getByAltText(/^A spring arrangement/)).toHaveAttribute('loading', 'eager');
    expect(screen.getByAltText(/^A spring arrangement/)).toHaveAttribute('fetchpriority', 'high');
    for (const season of ['summer', 'fall', 'winter'])
      expect(screen.getByAltText(new RegExp(`^A ${season} arrangement`))).toHaveAttribute('loading', 'lazy');
    expect(screen.getByAltText('Spring blooms, close up, 1 of 3')).toHaveAttribute('loading', 'lazy');
  });
});

describe('where we deliver', () => {
  it('names the counties, maps them with I-15, and checks a ZIP against the delivery area', async () => {
    const user = userEvent.setup();
    renderPage(HomePage);
    const area = screen.getByRole('region', { name: 'Where we deliver' });
    expect(area).toHaveTextContent('By hand, across Salt Lake, Utah and Davis counties, along the I-15 corridor from Bountiful to Provo.');
    expect(within(area).getByRole('img', { name: /Map of Salt Lake, Utah and Davis counties, Utah, with I-15/ })).toBeInTheDocument();
    const zip = within(area).getByLabelText('Check your ZIP code');
    expect(within(area).getByText('Enter your ZIP code to check delivery availability')).toBeInTheDocument();
    await user.type(zip, '84601');
    expect(within(area).getByText('Great! We deliver to your area ✓ (Provo)')).toBeInTheDocument();
    expect(within(area).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/subscribe');
    await user.clear(zip);
    await user.type(zip, '90210');
    expect(within(area).getByText("Sorry, we don't currently deliver to this area")).toBeInTheDocument();
    expect(within(area).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });
});

describe('the testimonial carousel', () => {
  const CARD = 320;
  let scrollBy: jest.Mock;

  beforeEach(() => {
    scrollBy = jest.fn();
    Element.prototype.scrollBy = scrollBy as unknown as typeof Element.prototype.scrollBy;
    jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(CARD);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows 5 quotes as slides', () => {
    renderPage(HomePage);
    const carousel = screen.getByRole('region', { name: 'What our subscribers say' });
    expect(within(carousel).getAllByRole('group', { name: /^\d of 5$/ })).toHaveLength(5);
    expect(within(carousel).getByRole('group', { name: '1 of 5' })).toBeInTheDocument();
    // The track scrolls, so the keyboard must be able to reach it (axe: scrollable-region-focusable).
    expect(within(carousel).getByRole('group', { name: /^Testimonials/ })).toHaveAttribute('tabindex', '0');
  });

  it('scrolls by one card width plus 32 px each way', async () => {
    const user = userEvent.setup();
    renderPage(HomePage);
    const track = screen.getByRole('group', { name: /^Testimonials/ });
    Object.defineProperties(track, { scrollWidth: { value: 5 * CARD + 4 * 32 }, clientWidth: { value: CARD } });
    track.scrollLeft = CARD + 32;
    act(() => void track.dispatchEvent(new Event('scroll')));
    await user.click(await screen.findByRole('button', { name: 'Next testimonial' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: CARD + 32, behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -(CARD + 32), behavior: 'smooth' });
    expect(screen.getByText('Testimonial 2 of 5')).toBeInTheDocument();
  });

  it('disables Previous at the start and Next at the end', () => {
    renderPage(HomePage);
    const track = screen.getByRole('group', { name: /^Testimonials/ });
    Object.defineProperties(track, { scrollWidth: { value: 5 * CARD + 4 * 32 }, clientWidth: { value: CARD } });
    track.scrollLeft = 0;
    act(() => void track.dispatchEvent(new Event('scroll')));
    expect(screen.getByRole('button', { name: 'Previous testimonial' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next testimonial' })).toBeEnabled();
    track.scrollLeft = 4 * (CARD + 32);
    act(() => void track.dispatchEvent(new Event('scroll')));
    expect(screen.getByRole('button', { name: 'Next testimonial' })).toBeDisabled();
    expect(screen.getByText('Testimonial 5 of 5')).toBeInTheDocument();
  });
});

describe('How It Works', () => {
  it('has the 4 steps, the 4 vase-swap cards and Get Started', () => {
    renderPage(HowItWorksPage);
    expect(screen.getByRole('heading', { level: 1, name: 'How It Works' })).toBeInTheDocument();
    const steps = screen.getAllByRole('list')[0]!;
    expect(
      within(steps)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Subscribe for $99/month', 'Tell us where to deliver', 'We design your arrangement', 'Delivered by hand']);
    const swap = screen.getByRole('heading', { name: 'The vase swap' }).closest('section')!;
    expect(
      within(swap)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Your first delivery comes with a vase', 'We swap it every month', 'Not home? No problem', 'No cleaning needed']);
    const door = screen.getByRole('heading', { level: 2, name: 'At your door, every month' }).closest('section')!;
    expect(within(door).getByRole('img', { name: 'A vase of seasonal flowers left on a doorstep' })).toHaveAttribute('loading', 'lazy');
    expect(getStarted()[0]).toHaveAttribute('href', '/subscribe');
  });
});

describe('Seasonal Collections', () => {
  it('has Spring, Summer, Fall and Winter, each with text, a main image and a 3-image gallery', () => {
    renderPage(SeasonalCollectionsPage);
    for (const season of ['Spring', 'Summer', 'Fall', 'Winter']) {
      const section = screen.getByRole('region', { name: season });
      expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(season);
      expect(within(section).getByAltText(new RegExp(`A ${season.toLowerCase()} arrangement`))).toBeInTheDocument();
      expect(within(within(section).getByRole('list', { name: `${season} gallery` })).getAllByRole('img')).toHaveLength(3);
    }
  });
});

describe('FAQ', () => {
  const questions = () => Array.from(document.querySelectorAll('summary'));
  const question = (text: string) => questions().find((q) => q.textContent === text)!;
  const answerOf = (summary: HTMLElement) => summary.parentElement!.querySelector('.disclosure__answer')!;

  it('lists the questions closed as headings (the six of the spec first), and opens and closes an answer', async () => {
    const user = userEvent.setup();
    renderPage(FaqPage);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'How does the subscription work?',
      'What if I’m not home?',
      'Can I skip a month?',
      'Do you deliver outside Utah?',
      'How do I cancel?',
      'Can I send flowers as a gift?',
      'How big is an arrangement, and how many stems?',
      'What if a flower you planned is not available?',
      'What if my flowers arrive damaged or wilt early?',
      'How do the vases work?',
    ]);
    for (const q of questions()) expect(answerOf(q)).not.toBeVisible();
    const skip = question('Can I skip a month?');
    await user.click(skip);
    expect(answerOf(skip)).toBeVisible();
    expect(answerOf(skip)).toHaveTextContent('Skip or pause a month up to 7 days before its delivery.');
    expect(within(answerOf(skip) as HTMLElement).getByRole('link', { name: 'Go to My subscription' })).toHaveAttribute('href', '/account');
    await user.click(skip);
    expect(answerOf(skip)).not.toBeVisible();
  });

  it('answers with the facts of the business', async () => {
    const user = userEvent.setup();
    renderPage(FaqPage);
    for (const q of questions()) await user.click(q);
    expect(screen.getByText(/Salt Lake, Utah and Davis counties, by hand along the I-15 corridor from Bountiful to Provo/)).toBeVisible();
    expect(screen.getByText(/Cancel any time: nothing is charged after your last delivery/)).toBeVisible();
    expect(
      screen.getByText(
        /recipient’s name and address, your own name and e-mail for the receipts, a message for the card if you like, and how long it lasts: until you cancel it, or 3, 6 or 12 deliveries/,
      ),
    ).toBeVisible();
    expect(screen.getByText(/leave the flowers at your door/)).toBeVisible();
    expect(screen.getByText(/15 to 20 stems/)).toBeVisible();
    expect(screen.getByText(/of the same colour and of equal or greater value/)).toBeVisible();
    expect(screen.getByText(/take last month’s back: no cleaning needed/)).toBeVisible();
  });

  it('skipping and cancelling are answered in the words the account explains them in (one text in shared/)', () => {
    renderPage(FaqPage);
    expect(answerOf(question('Can I skip a month?'))).toHaveTextContent(SKIP_EXPLAINED);
    expect(answerOf(question('How do I cancel?'))).toHaveTextContent(CANCEL_EXPLAINED);
  });

  it('damaged flowers: the answer says how to reach this deployment’s studio', () => {
    renderPage(FaqPage);
    const damaged = answerOf(question('What if my flowers arrive damaged or wilt early?')) as HTMLElement;
    expect(within(damaged).getByRole('link', { name: SITE.contactEmail })).toHaveAttribute('href', `mailto:${SITE.contactEmail}`);
  });
});

describe('Gifts', () => {
  it('explains a gift by the rules the subscribe form follows, with buttons into its gift option', () => {
    renderPage(GiftsPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Give flowers every month' })).toBeInTheDocument();
    expect(screen.getByText(GIFT_LENGTH_RULE)).toBeInTheDocument();
    expect(screen.getByText(GIFT_PREPAID_RULE)).toBeInTheDocument();
    for (const button of screen.getAllByRole('link', { name: 'Send a gift subscription' }))
      expect(button).toHaveAttribute('href', SUBSCRIBE_AS_GIFT_PATH);
  });
});

describe('one truth', () => {
  const PAGES = {
    Home: HomePage,
    'How It Works': HowItWorksPage,
    Collections: SeasonalCollectionsPage,
    FAQ: FaqPage,
    About: AboutPage,
    Gifts: GiftsPage,
    'Privacy Policy': PrivacyPolicyPage,
    'Terms of Service': TermsOfServicePage,
  };

  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])('%s states no price, notice or rule the contract does not hold', (name) => {
    const { container } = renderPage(PAGES[name]);
    // Closed answers count too: textContent reads them.
    expect(claimsOutsideTheContract(container.textContent ?? '')).toEqual([]);
  });

  it('the FAQ sends subscribers to their account to skip and to cancel, not to e-mail or call', () => {
    renderPage(FaqPage);
    const answers = Array.from(document.querySelectorAll('.disclosure__answer'));
    expect(
      answers
        .filter((answer) => within(answer as HTMLElement).queryByRole('link', { name: 'Go to My subscription' }))
        .map((answer) => answer.previousElementSibling?.textContent),
    ).toEqual(['Can I skip a month?', 'How do I cancel?']);
  });

  it('the privacy policy says how subscribers sign in, and links to the account', () => {
    renderPage(PrivacyPolicyPage);
    expect(screen.getByText(/subscribers to/)).toHaveTextContent('subscribers to My subscription with a one-time link we e-mail them');
    expect(screen.getAllByRole('link', { name: 'My subscription' })[0]).toHaveAttribute('href', '/account');
  });
});

describe('About', () => {
  it('tells the story, lists the three services, links to the subscription and the studio', () => {
    renderPage(AboutPage);
    expect(screen.getByRole('heading', { level: 1, name: 'About Shelby Floral' })).toBeInTheDocument();
    const services = screen.getByRole('heading', { name: 'Services' }).closest('section')!;
    expect(
      within(services)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Weddings', 'Events', 'Retail & Commercial']);
    const delivery = screen.getByRole('region', { name: 'Who brings your flowers' });
    expect(delivery).toHaveTextContent(
      'We cover Salt Lake, Utah and Davis counties, by hand along the I-15 corridor from Bountiful to Provo.',
    );
    expect(within(delivery).getByRole('link', { name: SITE.contactEmail })).toHaveAttribute('href', `mailto:${SITE.contactEmail}`);
    expect(screen.getByRole('link', { name: 'Start a subscription' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: /Visit Shelby Floral/ })).toHaveAttribute('href', 'https://studio.example');
  });
});

describe.each([
  ['Privacy Policy', PrivacyPolicyPage, ['What we store', 'Who processes your data for us']],
  ['Terms of Service', TermsOfServicePage, ['The subscription', 'Skipping, pausing and cancelling']],
] as const)('%s', (title, Page, sections) => {
  it('shows its owner-editable text, marked as a draft while its file says so, with the contact details', () => {
    renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Draft for the owner’s legal review');
    for (const heading of sections) expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getAllByText(/Stripe/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'hi@blooms.example' })).toHaveAttribute('href', 'mailto:hi@blooms.example');
  });

  it('names the business facts from the shared source, and leaves no {placeholder} unfilled', () => {
    renderPage(Page);
    const article = screen.getByRole('article');
    expect(article.textContent).not.toMatch(/[{}]/);
    expect(article).toHaveTextContent('Skip or pause a month up to 7 days before its delivery.');
    expect(article.querySelector('a[href="/account"]')).toHaveTextContent('My subscription');
  });
});

describe('a legal text the owner has marked final', () => {
  it('shows no draft notice', () => {
    renderPage(() => (
      <LegalPage title="Terms of Service" description="Terms." text={{ draft: false, html: '<h2>Billing</h2><p>{price} a month.</p>' }} />
    ));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByText('$99 a month.')).toBeInTheDocument();
  });

  it('fills in only the facts it knows, escaped', () => {
    expect(withLegalFacts('<p>{price} and {deliveryCorridor}; {notAFact}</p>')).toBe(
      '<p>$99 and the I-15 corridor from Bountiful to Provo; {notAFact}</p>',
    );
  });
});
