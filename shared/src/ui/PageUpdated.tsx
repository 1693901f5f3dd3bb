import { MESSAGES } from '../contract/messages';
import { reloadPage } from '../runtime/unreadable-replies';

/**
 * What a screen shows, at its top, once a call of its app met a reply it cannot read: the API is
 * of another release (UnreadableReplyError). Asking again cannot help; loading the page again can.
 */
export function PageUpdated() {
  return (
    <div className="container">
      <div role="alert" className="page-updated">
        <p>{MESSAGES.pageUpdated}</p>
        <button type="button" className="button" onClick={reloadPage}>
          Reload
        </button>
      </div>
    </div>
  );
}
