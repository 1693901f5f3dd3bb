import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { prerenderRemote } from '@blooms/shared/ui/prerender';
import { PRERENDERED_SCREENS } from './prerender';
import SubscribePage from './screens/SubscribePage';

describe('the prerendered subscribe form', () => {
  const { screens } = prerenderRemote('subscribe', PRERENDERED_SCREENS, '/__token__/');

  it('is the only prerendered screen: the confirmation depends on the visitor', () => {
    expect(Object.keys(screens)).toEqual(['Subscribe']);
    expect(screens.Subscribe!.title).toBe('Subscribe | Monthly Blooms');
  });

  it('arrives disabled, so nothing can be typed or sent before its code runs', () => {
    const html = screens.Subscribe!.body;
    // Every fieldset of the form: recipient, gift, address, plan.
    expect(html.match(/<fieldset disabled=""/g)).toHaveLength(4);
    expect(html).toMatch(/<button type="submit" class="button subscribe-form__submit" disabled=""/);
  });

  it('takes input when rendered in the browser', () => {
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <SubscribePage />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('First name')).toBeEnabled();
    expect(screen.getByRole('button', { name: /subscribe|continue|pay/i })).toBeEnabled();
  });
});
