import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { askChoice, showPopup, usePopupStore } from '@blooms/shared/runtime/popup-store';
import { PopupHost } from './PopupHost';

describe('the shared popup', () => {
  afterEach(() => act(() => usePopupStore.setState({ popup: null })));

  it.each([
    ['error', 'Warning', 'alertdialog'],
    ['success', 'Success', 'dialog'],
    ['info', 'Info', 'dialog'],
  ] as const)('shows a %s popup titled %s', (kind, title, role) => {
    render(<PopupHost />);
    act(() => showPopup(kind, 'Something to say'));
    const dialog = screen.getByRole(role, { name: title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Something to say');
  });

  it('has a single Close button by default, focused, that closes it', async () => {
    const user = userEvent.setup();
    render(<PopupHost />);
    act(() => showPopup('info', 'Processing your subscription...'));
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hands focus back to where it was on Close, or leaves it where closing moved it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Subscribe</button>
        <input aria-label="First name" />
        <PopupHost />
      </>,
    );
    screen.getByRole('button', { name: 'Subscribe' }).focus();
    act(() => showPopup('error', 'Missing'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();

    act(() => showPopup('error', 'Missing', undefined, () => screen.getByLabelText('First name').focus()));
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('First name')).toHaveFocus();
  });

  it('offers Cancel plus the extra actions, and runs the chosen one', async () => {
    const user = userEvent.setup();
    const remove = jest.fn();
    render(<PopupHost />);
    act(() => showPopup('error', 'Delete?', [{ label: 'Delete Permanently', onClick: remove }]));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Delete Permanently']);
    await user.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Cancel closes without running the action', async () => {
    const user = userEvent.setup();
    const remove = jest.fn();
    render(<PopupHost />);
    act(() => showPopup('error', 'Delete?', [{ label: 'Delete Permanently', onClick: remove }]));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<PopupHost />);
    act(() => showPopup('error', 'Delete?', [{ label: 'Delete Permanently', onClick: jest.fn() }]));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete Permanently' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('a question with choices', () => {
  it('is titled by the question, offers the answers first and Cancel last, focusing the first answer', async () => {
    const user = userEvent.setup();
    const hand = jest.fn();
    render(<PopupHost />);
    act(() =>
      askChoice('Delivered: Ana Person', '215 E 400 S. How was it delivered?', [
        { label: 'Hand Delivered', onClick: hand },
        { label: 'Left at Door', onClick: jest.fn() },
      ]),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delivered: Ana Person' });
    expect(dialog).toHaveAccessibleDescription('215 E 400 S. How was it delivered?');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Hand Delivered', 'Left at Door', 'Cancel']);
    expect(screen.getByRole('button', { name: 'Hand Delivered' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Hand Delivered' }));
    expect(hand).toHaveBeenCalled();
  });

  it('draws a destructive action as destructive', () => {
    render(<PopupHost />);
    act(() => showPopup('error', 'Delete?', [{ label: 'Delete Permanently', onClick: jest.fn(), tone: 'danger' }]));
    expect(screen.getByRole('button', { name: 'Delete Permanently' })).toHaveClass('button--danger');
  });
});
