import { lazy, Suspense, useId, useState } from 'react';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import { useMetUnreadableReply } from '@blooms/shared/runtime/unreadable-replies';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { legendOf, mapCaption, PICKUP_MARKER_LABEL, type ColourBy } from './map-legend';

// The drawing (d3-geo, the county shapes) is its own chunk, fetched only when the map is open.
const DayMap = lazy(() => import(/* webpackChunkName: "day-map" */ './DayMap'));

interface Props {
  stops: DayStop[] | null;
  /** Offer colouring by driver too (the dashboard); a driver's own stops are coloured by status. */
  byDriver: boolean;
  /** The stop picked in the list or on the map, drawn highlighted. */
  picked?: string | null;
  /** Makes each stop a button that picks it (the dashboard: its row is then shown in the list). */
  onPick?: (id: string) => void;
  /** What the note under the legend says of the list beside the map. */
  listNote: string;
  /** What the search and filters leave off the map, when they do (the dashboard). */
  hiddenNote?: string | null;
}

/** The day's stops on a map, with a caption and legend that say in words what it shows; the list has every stop. */
export function StopsMapBody({ stops, byDriver, picked = null, onPick, listNote, hiddenNote = null }: Props) {
  const [colourBy, setColourBy] = useState<ColourBy>(byDriver ? 'driver' : 'status');
  const captionId = useId();
  // With no stops, and an API of another release (the screen says to reload): not loading, never coming.
  const never = useMetUnreadableReply() && stops === null;
  const shown = stops ?? [];
  const legend = legendOf(shown, colourBy);
  const pickups = shown.filter((stop) => stop.pickup).length;
  const tiles = useAppConfig((s) => Boolean(s.config?.staffMapTiles));
  return (
    <div className="stops-map__body">
      <div className="stops-map__drawing">
        {stops === null ? (
          <p className="status-message" role="status">
            {never ? 'No map: this page was updated.' : 'Loading the map…'}
          </p>
        ) : (
          <Suspense
            fallback={
              <p className="status-message" role="status">
                Loading the map…
              </p>
            }
          >
            <DayMap stops={shown} colourBy={colourBy} legend={legend} captionId={captionId} picked={picked} onPick={onPick} />
          </Suspense>
        )}
      </div>
      <div className="stops-map__key">
        <p id={captionId} className="stops-map__caption">
          {stops === null ? (never ? 'The day’s stops could not be loaded.' : 'Loading the day’s stops.') : mapCaption(shown, legend)}
        </p>
        <p className="stops-map__hidden" role="status">
          {hiddenNote}
        </p>
        {byDriver && (
          <fieldset className="stops-map__colour-by">
            <legend>Colour by</legend>
            {(['driver', 'status'] as const).map((by) => (
              <label key={by}>
                <input type="radio" name={`${captionId}-by`} checked={colourBy === by} onChange={() => setColourBy(by)} />
                {by === 'driver' ? 'By driver' : 'By status'}
              </label>
            ))}
          </fieldset>
        )}
        <ul className="stops-map__legend" aria-label="Legend">
          {legend.map((entry) => (
            <li key={entry.key}>
              <span className="stops-map__swatch" style={{ background: entry.colour }} aria-hidden="true" />
              {entry.label}: {entry.count}
            </li>
          ))}
          {pickups > 0 && (
            <li className="stops-map__shape">
              <span className="stops-map__swatch stops-map__swatch--pickup" aria-hidden="true" />
              {PICKUP_MARKER_LABEL}: {pickups}
            </li>
          )}
        </ul>
        <p className="stops-map__note">
          {tiles
            ? 'Dashed lines: Davis, Salt Lake and Utah counties, on Google’s map.'
            : 'Grey lines: Davis, Salt Lake and Utah counties; the red line is I-15.'}{' '}
          {listNote}
        </p>
      </div>
    </div>
  );
}
