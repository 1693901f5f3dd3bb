import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { prerenderRemote } from '@blooms/shared/ui/prerender';
import { PRERENDERED_SCREENS } from './prerender';
import { screens as declared } from '../exposes.cjs';
import SubscribePage from './screens/SubscribePage';

describe('the prerendered subscribe form', () => {
  const { screens } = prerenderRemote(declared, PRERENDERED_SCREENS, '/__token__/');

  it('is the only prerendered screen: the confirmation depends on the visitor', () => {
    expect(Object.keys(screens)).toEqual(['Subscribe']);
    expect(screens.Subscribe!.title).toBe('Subscribe | Monthly Blooms');
  });

  it('takes input from its first paint: no field or the button waits for its code (start.js holds an early send)', () => {
    const html = screens.Subscribe!.body;
    expect(html).toMatch(/<form[^>]*class="[^"]*subscribe-form/);
    expect(html).not.toMatch(/<fieldset[^>]* disabled/);
    expect(html).not.toMatch(/<input[^>]* disabled/);
    expect(html).toMatch(/<button type="submit" class="button subscribe-form__submit">/);
  });

  it('arrives with its order summary waiting for the delivery calendar', () => {
    expect(screens.Subscribe!.body).toContain('Looking up the delivery calendar…');
  });

  it('takes input when rendered in the browser, and asks the server for the first delivery day', async () => {
    const days = [{ month: '2030-12', date: '2030-12-12' }];
    const fetch = jest.fn(async (_url: string) => ({ ok: true, status: 200, text: async () => JSON.stringify(days) }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <SubscribePage />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('First name')).toBeEnabled();
    expect(screen.getByRole('button', { name: /subscribe|continue|pay/i })).toBeEnabled();
    expect(
      await within(screen.getByRole('region', { name: 'Your order' })).findByText('Thursday, December 12 (December 2030)'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toMatch(/\/api\/upcoming-deliveries$/);
  });
});
