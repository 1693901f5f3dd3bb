import { screen, within } from '@testing-library/react';
import { Footer } from './Footer';
import { renderAt } from '../test/render';

it('the footer leads subscribers to their account', () => {
  renderAt('/', <Footer />);
  expect(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'My subscription' })).toHaveAttribute(
    'href',
    '/account',
  );
});
