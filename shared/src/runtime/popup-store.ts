import { create } from 'zustand';

export type PopupKind = 'error' | 'success' | 'info';

export const POPUP_TITLES: Record<PopupKind, string> = {
  error: 'Warning',
  success: 'Success',
  info: 'Info',
};

export interface PopupAction {
  label: string;
  onClick: () => void;
}

export interface Popup {
  kind: PopupKind;
  message: string;
  /** With actions the popup shows Cancel plus these buttons; without, a single Close. */
  actions?: PopupAction[];
  onClose?: () => void;
}

interface PopupState {
  popup: Popup | null;
  showPopup: (popup: Popup) => void;
  closePopup: () => void;
}

/** The one popup service of the site: any remote opens it, the host renders it. */
export const usePopupStore = create<PopupState>((set, get) => ({
  popup: null,
  showPopup: (popup) => set({ popup }),
  closePopup: () => {
    const current = get().popup;
    set({ popup: null });
    current?.onClose?.();
  },
}));

/** onClose runs as the popup is dismissed; focus it moves stays there (the popup hands focus back only when none was moved). */
export function showPopup(kind: PopupKind, message: string, actions?: PopupAction[], onClose?: () => void): void {
  usePopupStore.getState().showPopup({ kind, message, actions, onClose });
}
