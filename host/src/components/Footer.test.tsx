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

it('is one slim line on a staff screen: the legal pages and how to reach the studio, no sales or social links', () => {
  renderAt('/dashboard', <Footer />);
  const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
  expect(footer.getAllByRole('link').map((link) => link.textContent)).toEqual([
    'Privacy Policy',
    'Terms of Service',
    expect.stringContaining('@'),
    expect.stringMatching(/\d/),
  ]);
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
});
