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
  /** 'danger': an action that destroys something, drawn as such. */
  tone?: 'danger';
}

export interface Popup {
  kind: PopupKind;
  message: string;
  /** The heading; the kind's (POPUP_TITLES) when not given. */
  title?: string;
  /** With actions the popup shows Cancel plus these buttons; without, a single Close. */
  actions?: PopupAction[];
  /**
   * The actions are the answers to a question (how was it delivered?): they come first, as
   * equal large buttons, with Cancel last.
   */
  choices?: boolean;
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

/** Asks a question whose answers are the actions: titled, answers first as equal large buttons, Cancel last. */
export function askChoice(title: string, message: string, choices: PopupAction[]): void {
  usePopupStore.getState().showPopup({ kind: 'info', title, message, actions: choices, choices: true });
}
