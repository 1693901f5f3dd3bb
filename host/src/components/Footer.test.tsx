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

it("carries the studio's year, whatever the visitor's clock says in UTC", () => {
  jest.useFakeTimers({ now: new Date('2027-01-01T06:30:00Z') });
  try {
    renderAt('/', <Footer />);
    // 11:30 pm on 31 December in Salt Lake City.
    expect(screen.getByText('© 2026 Monthly Blooms. All rights reserved.')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
