import { notesPreview } from '@blooms/shared/contract/deliveries';
import { showPopup } from '@blooms/shared/runtime/popup-store';

/**
 * The first 60 characters; a click shows the full notes, or '(No notes)'.
 * An empty note reads as plain muted "No notes" so it does not look like a link to something.
 */
export function NotesCell({ notes, name, tabIndex }: { notes: string; name: string; tabIndex?: number }) {
  return (
    <button
      type="button"
      className={notes ? 'notes-preview' : 'notes-preview notes-preview--empty'}
      tabIndex={tabIndex}
      onClick={() => showPopup('info', notes || '(No notes)')}
      aria-label={`Notes for ${name}: ${notes ? notesPreview(notes) : 'no notes'}. Show all`}
    >
      {notes ? notesPreview(notes) : 'No notes'}
    </button>
  );
}
