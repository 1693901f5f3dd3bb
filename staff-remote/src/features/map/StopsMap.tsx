import type { DayStop } from '@blooms/shared/contract/day-stops';
import { StopsMapBody } from './StopsMapBody';

interface Props {
  stops: DayStop[] | null;
  /** My Deliveries opens it (and reads the places) only when asked, to keep the phone's first load small. */
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Shown folded, and kept folded (My Deliveries' kept list: the places are read once the live list is in). */
  locked?: boolean;
}

/** A driver's stops on a map, folded under its title until opened. */
export function StopsMap({ stops, open, onToggle, locked = false }: Props) {
  return (
    <details className="stops-map" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary aria-disabled={locked || undefined} onClick={locked ? (event) => event.preventDefault() : undefined}>
        Map of the day&apos;s stops
      </summary>
      {open && <StopsMapBody stops={stops} byDriver={false} listNote="Every stop is also in the list below." />}
    </details>
  );
}
