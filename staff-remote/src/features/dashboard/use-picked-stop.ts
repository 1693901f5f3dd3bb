import { useEffect, useState } from 'react';

/** The row that shows a subscription on the dashboard (SubscriptionTableRow marks it so). */
export const rowElementOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-row="${CSS.escape(id)}"]`);

/**
 * The stop picked in the list or on the map: its dot and its row are highlighted. Picked on the
 * map, its row is brought into view; picking it again lets it go. Forgotten when the list changes.
 */
export function usePickedStop(resetOn: readonly unknown[]) {
  const [id, setId] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new month or view lets the stop go
  useEffect(() => setId(null), resetOn);
  const pick = (next: string, from: 'list' | 'map') => {
    const picking = next !== id;
    setId(picking ? next : null);
    if (picking && from === 'map') rowElementOf(next)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };
  return { id, pick };
}
export type PickedStop = ReturnType<typeof usePickedStop>;
