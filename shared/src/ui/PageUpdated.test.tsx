import { act, fireEvent, render, screen } from '@testing-library/react';
import { UnreadableReplyError } from '../runtime/api-client';
import { recordUnreadableReply, reloadPage } from '../runtime/unreadable-replies';
import { showFailure } from '../runtime/show-failure';
import { usePopupStore } from '../runtime/popup-store';
import { MESSAGES } from '../contract/messages';
import { LoadError } from './LoadError';
import { Screen } from './Screen';

jest.mock('../runtime/unreadable-replies', () => ({ ...jest.requireActual('../runtime/unreadable-replies'), reloadPage: jest.fn() }));

const unreadable = new UnreadableReplyError(404, 'GET /api/forecast', 'no such route');

// One page load: once a call of the app has met a reply it cannot read, it stays so until reloaded.
describe('a screen whose app met a reply of an API of another release', () => {
  it('says nothing of it before, and shows a refusal as it always did', () => {
    render(
      <Screen remote="staff" title="Forecast">
        <LoadError what="the forecast" error={new Error('The server could not answer just now.')} onRetry={() => undefined} />
      </Screen>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the forecast: The server could not answer just now.Try again');
  });

  it('then says once, at its top, that the page was updated, with Reload, and shows nothing it could not read', () => {
    render(
      <Screen remote="staff" title="Forecast">
        <h1>Forecast</h1>
        <LoadError what="the forecast" error={unreadable} onRetry={() => undefined} />
      </Screen>,
    );
    act(recordUnreadableReply);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(MESSAGES.pageUpdated);
    expect(notice.compareDocumentPosition(screen.getByRole('heading'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/undefined/);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('answers an action whose reply it cannot read with the popup saying so, with Reload; any other failure with its message', () => {
    showFailure(new Error('That e-mail is already in use.'));
    expect(usePopupStore.getState().popup).toMatchObject({ kind: 'error', message: 'That e-mail is already in use.' });
    showFailure(unreadable);
    const popup = usePopupStore.getState().popup!;
    expect(popup).toMatchObject({ message: MESSAGES.pageUpdated, actions: [{ label: 'Reload' }] });
    popup.actions![0]!.onClick();
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });
});
