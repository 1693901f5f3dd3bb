import type { DayStop } from '@blooms/shared/contract/day-stops';
import { StopsMapBody } from '../map/StopsMapBody';
import type { PickedStop } from './use-picked-stop';

interface Props {
  id: string;
  open: boolean;
  stops: DayStop[] | null;
  /** How many stops the search and filters leave off the map, in words; null when none. */
  hiddenNote: string | null;
  picked: PickedStop;
}

/** The dashboard's map, of the stops the list shows: beside the list on a wide screen, after it on a narrow one; shut, nothing of it is drawn. */
export function DashboardMap({ id, open, stops, hiddenNote, picked }: Props) {
  return (
    <section id={id} className="dashboard__map stops-map" aria-label="Map of the day's stops" hidden={!open}>
      {open && (
        <StopsMapBody
          stops={stops}
          byDriver
          picked={picked.id}
          onPick={(stop) => picked.pick(stop, 'map')}
          listNote="Every stop is also in the list; pick one to see its row."
          hiddenNote={hiddenNote}
        />
      )}
    </section>
  );
}
