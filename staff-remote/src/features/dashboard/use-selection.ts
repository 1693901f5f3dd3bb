import { useCallback, useEffect, useState } from 'react';

/**
 * Which rows are ticked, out of those that may be (`selectable`). Ticks are cleared whenever
 * one of `resetWhen` changes: another month or filter shows other rows, and a tick nobody can
 * see must not be assigned.
 */
export function useSelection(selectable: readonly string[], resetWhen: readonly unknown[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // The caller names what clears the ticks, so the dependency list is theirs.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setSelected(new Set()), resetWhen);

  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /** Ticks every selectable row, or none when all of them already are. */
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(selectable));
  const clear = useCallback(() => setSelected(new Set()), []);

  return { selected, allSelected, toggle, toggleAll, clear };
}
