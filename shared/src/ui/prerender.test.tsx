import { Link } from 'react-router-dom';
import { prerenderRemote, prerenderScreen } from './prerender';
import { Screen } from './Screen';

function PricingScreen() {
  return (
    <Screen remote="marketing" title="Pricing" description="What it costs.">
      <img src="/art/hero.svg" alt="" width={10} height={10} fetchPriority="high" />
      <h1>$99 a month</h1>
      <Link to="/subscribe">Get Started</Link>
    </Screen>
  );
}

describe('prerendering a screen', () => {
  it('renders the markup with its title and description, and moves image preloads to the head', () => {
    const screen = prerenderScreen(PricingScreen, '/pricing');
    expect(screen.title).toBe('Pricing | Monthly Blooms');
    expect(screen.description).toBe('What it costs.');
    expect(screen.head).toBe('<link rel="preload" as="image" href="/art/hero.svg" fetchPriority="high"/>');
    expect(screen.body).toMatch(/^<div class="screen" data-remote="marketing" data-build="dev"><img /);
    expect(screen.body).toContain('<h1>$99 a month</h1><a href="/subscribe"');
  });

  it('refuses a screen that is not wrapped in <Screen> (it would have no title)', () => {
    expect(() => prerenderScreen(() => <h1>Bare</h1>, '/bare')).toThrow('The screen at /bare has no <Screen> root');
  });

  it("renders a remote's screens at their routes, keyed by the name the remote exposes them under", () => {
    const declared = [
      { path: '/subscribe', module: 'Subscribe', access: 'public' as const },
      { path: '/account', module: 'Account', access: 'public' as const },
    ];
    const prerendered = prerenderRemote(declared, { Subscribe: PricingScreen }, '/__token__/');
    expect(prerendered.publicPath).toBe('/__token__/');
    expect(Object.keys(prerendered.screens)).toEqual(['Subscribe']);
    expect(prerendered.screens.Subscribe!.title).toBe('Pricing | Monthly Blooms');
  });
});
