import { useState } from 'react';
import { MAP_OPEN_KEY, mapOpenAtStart } from './map-open';

function stored(): string | null {
  try {
    return localStorage.getItem(MAP_OPEN_KEY);
  } catch {
    return null;
  }
}

/** Whether the dashboard's map is open; the choice is kept on the device for the next visit. */
export function useMapOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => mapOpenAtStart(stored(), window.innerWidth));
  const choose = (next: boolean) => {
    setOpen(next);
    try {
      localStorage.setItem(MAP_OPEN_KEY, next ? 'open' : 'closed');
    } catch {
      // Private windows may refuse storage: the choice then lasts for this visit only.
    }
  };
  return [open, choose];
}
