import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { NotesCell } from './NotesCell';

const popup = () => usePopupStore.getState().popup;

it("reads an empty note as plain 'No notes' that still opens '(No notes)'", async () => {
  render(<NotesCell notes="" name="Ben Ortiz" />);
  const cell = screen.getByRole('button', { name: 'Notes for Ben Ortiz: no notes. Show all' });
  expect(cell).toHaveTextContent(/^No notes$/);
  expect(cell).not.toHaveTextContent('—');
  expect(cell).toHaveClass('notes-preview--empty');
  await userEvent.click(cell);
  expect(popup()).toMatchObject({ kind: 'info', message: '(No notes)' });
});

it('shows a written note as the link-styled preview', async () => {
  render(<NotesCell notes="Gate code 4412" name="Ana Lee" />);
  const cell = screen.getByRole('button', { name: 'Notes for Ana Lee: Gate code 4412. Show all' });
  expect(cell).toHaveTextContent(/^Gate code 4412$/);
  expect(cell).not.toHaveClass('notes-preview--empty');
  await userEvent.click(cell);
  expect(popup()).toMatchObject({ kind: 'info', message: 'Gate code 4412' });
});
