import { useId, useState } from 'react';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import type { DriverShare } from '@blooms/shared/contract/area-split';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import { PICKUP_NOTE } from '@blooms/shared/contract/vases';
import type { useAssignByArea } from './use-assign-by-area';

interface Props {
  staff: StaffMember[];
  area: ReturnType<typeof useAssignByArea>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Kaysville 84037 (2), Salt Lake City 84102 (1)" */
function describeAreas(share: DriverShare, byId: ReadonlyMap<string, DayStop>): string {
  return share.areas
    .map((area) => {
      const city = share.subscriptionIds.map((id) => byId.get(id)).find((stop) => stop?.zip === area.zip)?.city;
      return `${city ? `${city} ` : ''}${area.zip} (${area.stops})`;
    })
    .join(', ');
}

/**
 * Assign by area: tick drivers, see which stops and areas each would get (the split of
 * contract/area-split.ts), then Apply; nothing is assigned before Apply.
 */
export function AssignByArea({ staff, area }: Props) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const byId = new Map(area.unassigned.map((stop) => [stop.id, stop]));
  const result = (
    <p className="area-assign__result" role="status">
      {area.applied}
    </p>
  );
  if (!open)
    return (
      <div className="area-assign area-assign--closed">
        <button type="button" className="button button--secondary" disabled={area.unassigned.length === 0} onClick={() => setOpen(true)}>
          Assign by area…
        </button>
        {result}
      </div>
    );
  return (
    <section className="area-assign" aria-labelledby={titleId}>
      <h2 id={titleId}>Assign by area</h2>
      <fieldset className="area-assign__drivers">
        <legend>Split the {plural(area.unassigned.length, 'unassigned stop', 'unassigned stops')} among:</legend>
        {staff.map((member) => (
          <label key={member.email} className="area-assign__driver">
            <input type="checkbox" checked={area.chosen.has(member.email)} onChange={() => area.toggle(member.email)} />
            {member.firstName}
          </label>
        ))}
      </fieldset>
      {area.drivers.length > 0 && (
        <ol className="area-assign__preview" aria-label="Preview: who gets which stops">
          {area.split.map((share, i) => (
            <li key={share.driver}>
              <strong>{area.drivers[i]!.firstName}</strong>: {plural(share.subscriptionIds.length, 'stop', 'stops')}
              {share.pickups > 0 && ` (${plural(share.pickups, 'pickup', 'pickups')})`}
              {share.areas.length > 0 && ` in ${describeAreas(share, byId)}`}
              {share.subscriptionIds.length > 0 && (
                <details>
                  <summary>Which stops</summary>
                  <ul>
                    {share.subscriptionIds.map((id) => (
                      <li key={id}>
                        {byId.get(id)?.name}, {byId.get(id)?.address}
                        {byId.get(id)?.pickup && `: ${PICKUP_NOTE}`}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="area-assign__hint">
        Areas are ZIP codes, handed out north to south; counts differ by one at most. Each driver&apos;s stops are then put in route order
        from the studio, as for any assignment. Nothing is assigned until you press Apply.
      </p>
      <div className="area-assign__actions">
        <button
          type="button"
          className="button"
          disabled={area.applying || area.drivers.length === 0 || area.unassigned.length === 0}
          onClick={() => void area.apply().then((done) => done && setOpen(false))}
        >
          Apply
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </section>
  );
}
