import { FAQ } from '@blooms/shared/contract/faq';
import { screens as declared } from '../exposes.cjs';
import { prerenderRemote } from '@blooms/shared/ui/prerender';
import { PRERENDERED } from '@blooms/shared/contract/app-start';
import { PRERENDERED_SCREENS } from './prerender';

describe('the prerendered marketing pages', () => {
  const { screens } = prerenderRemote(declared, PRERENDERED_SCREENS, '/__token__/');

  it('cover every screen this remote exposes: all are public', () => {
    expect(Object.keys(screens).sort()).toEqual(declared.map((screen) => screen.module).sort());
    expect(declared.every((screen) => screen.access === 'public')).toBe(true);
  });

  it('each have one heading, their own title and a description', () => {
    for (const [name, screen] of Object.entries(screens)) {
      expect(screen.body.match(/<h1[ >]/g)).toHaveLength(1);
      expect(screen.title).toMatch(/ \| Monthly Blooms$/);
      expect({ name, description: (screen.description?.length ?? 0) > 50 }).toEqual({ name, description: true });
    }
    expect(new Set(Object.values(screens).map((screen) => screen.title)).size).toBe(Object.keys(screens).length);
  });

  it('preload the home page hero, the largest picture on arrival', () => {
    expect(screens.Home!.head).toContain('as="image" href="test-file-stub" fetchPriority="high"');
  });

  it('send each FAQ answer as a closed <details>, which opens with no script at all', () => {
    expect(screens.Faq!.body.match(/<details class="disclosure"><summary class="disclosure__question"><h2>/g)).toHaveLength(FAQ.length);
    expect(screens.Faq!.body).not.toMatch(/<details[^>]* open/);
  });

  it('send the home page carousel as start.js scrolls it before the app: its track inside it, a button each way', () => {
    const page = document.createElement('div');
    page.innerHTML = screens.Home!.body;
    const carousel = page.querySelector(`.${PRERENDERED.carousel}`)!;
    const track = carousel.querySelector(`.${PRERENDERED.carouselTrack}`)!;
    expect(track.children.length).toBeGreaterThan(1);
    const steps = Array.from(carousel.querySelectorAll(`[${PRERENDERED.carouselStep}]`));
    expect(steps.map((button) => [button.tagName, button.getAttribute(PRERENDERED.carouselStep)])).toEqual([
      ['BUTTON', '-1'],
      ['BUTTON', '1'],
    ]);
    // At the start: back is off, as start.js and the app keep it while it scrolls.
    expect(steps.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, false]);
    expect(page.querySelector(`[${PRERENDERED.hydrated}]`)).toBeNull();
  });
});
