import { act } from '@testing-library/react';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';

/** The popup shown now (a question, or a message). */
export const popup = () => usePopupStore.getState().popup;

/** Answers the popup's question with the action of this label, as a tap on it does. */
export async function chooseAction(label: string): Promise<void> {
  const action = popup()?.actions?.find((a) => a.label === label);
  if (!action) throw new Error(`no ${label} action`);
  await act(async () => {
    usePopupStore.setState({ popup: null });
    action.onClick();
  });
}
