import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { FocusPageHeading } from './FocusPageHeading';

let arrive: () => void = () => undefined;
/** Stands in for a remote screen that arrives after the route has changed. */
const LateScreen = lazy(
  () =>
    new Promise<{ default: ComponentType }>((resolve) => {
      arrive = () => resolve({ default: () => <h1>Frequently Asked Questions</h1> });
    }),
);

function Shell() {
  return (
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/']}>
      <FocusPageHeading />
      <nav>
        <Link to="/faq">FAQ</Link>
        <Link to="/login">Login</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/faq" element={<LateScreen />} />
            <Route
              path="/login"
              element={
                <>
                  <h1>Login</h1>
                  <input aria-label="Email" autoFocus />
                </>
              }
            />
          </Routes>
        </Suspense>
      </main>
    </MemoryRouter>
  );
}

describe('FocusPageHeading', () => {
  it('leaves focus alone on the first page load', () => {
    render(<Shell />);
    expect(document.body).toHaveFocus();
  });

  it('moves focus to the new page’s heading once its screen has arrived', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(screen.queryByRole('heading', { name: 'Frequently Asked Questions' })).not.toBeInTheDocument();
    await act(async () => arrive());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('does not take focus from a field the new screen focused itself', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });
});
