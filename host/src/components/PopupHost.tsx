import { useEffect, useRef } from 'react';
import { POPUP_TITLES, usePopupStore, type PopupKind } from '@blooms/shared/runtime/popup-store';
import { keepTabWithin } from './keep-tab-within';

const ICONS: Record<PopupKind, string> = { error: '⚠', success: '✓', info: 'ℹ' };

/** Renders the shared popup that any remote can open through the popup store. */
export function PopupHost() {
  const popup = usePopupStore((s) => s.popup);
  const closePopup = usePopupStore((s) => s.closePopup);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!popup) return;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const buttons = () => Array.from(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    buttons()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closePopup();
      } else if (event.key === 'Tab') {
        // Keep focus inside the dialog while it is open.
        keepTabWithin(event, buttons());
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back where it was, unless closing the popup moved it on (to a field to correct, say).
      const focused = document.activeElement;
      if (!focused || focused === document.body || dialog?.contains(focused)) returnFocusTo?.focus?.();
    };
  }, [popup, closePopup]);

  if (!popup) return null;
  const cancel = (
    <button type="button" className="button button--secondary" onClick={closePopup}>
      Cancel
    </button>
  );
  const runAction = (onClick: () => void) => {
    usePopupStore.setState({ popup: null });
    onClick();
  };

  return (
    <div className="popup-backdrop">
      <div
        ref={dialogRef}
        className={`popup popup--${popup.kind}`}
        role={popup.kind === 'error' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby="popup-title"
        aria-describedby="popup-message"
      >
        <span className="popup__icon" aria-hidden="true">
          {ICONS[popup.kind]}
        </span>
        <h2 id="popup-title">{popup.title ?? POPUP_TITLES[popup.kind]}</h2>
        <p id="popup-message">{popup.message}</p>
        <div className={popup.choices ? 'popup__actions popup__actions--choices' : 'popup__actions'}>
          {popup.actions ? (
            <>
              {!popup.choices && cancel}
              {popup.actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className={`button${action.tone === 'danger' ? ' button--danger' : ''}${popup.choices ? ' popup__choice' : ''}`}
                  onClick={() => runAction(action.onClick)}
                >
                  {action.label}
                </button>
              ))}
              {popup.choices && cancel}
            </>
          ) : (
            <button type="button" className="button" onClick={closePopup}>
              Close
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
