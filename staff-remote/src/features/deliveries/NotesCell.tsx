import { notesPreview } from '@blooms/shared/contract/deliveries';
import { showPopup } from '@blooms/shared/runtime/popup-store';

/** The first 60 characters; a click shows the full notes, or '(No notes)'. */
export function NotesCell({ notes, name, tabIndex }: { notes: string; name: string; tabIndex?: number }) {
  return (
    <button
      type="button"
      className="notes-preview"
      tabIndex={tabIndex}
      onClick={() => showPopup('info', notes || '(No notes)')}
      aria-label={`Notes for ${name}: ${notes ? notesPreview(notes) : 'none'}. Show all`}
    >
      {notesPreview(notes) || '—'}
    </button>
  );
}
