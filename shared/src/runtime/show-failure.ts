// Stateful modules are imported by package name (see api-client.ts).
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { MESSAGES } from '../contract/messages';
import { isUnreadableReply } from './api-client';
import { reloadPage } from './unreadable-replies';

/**
 * A call that failed, in the site's popup: the server's reason (`describe` may put it in words
 * of the screen's); for a reply of an API of another release, that the page was updated, with
 * Reload, since trying again cannot help.
 */
export function showFailure(error: unknown, describe: (message: string) => string = (message) => message): void {
  if (isUnreadableReply(error)) showPopup('info', MESSAGES.pageUpdated, [{ label: 'Reload', onClick: reloadPage }]);
  else showPopup('error', describe(error instanceof Error ? error.message : String(error)));
}
