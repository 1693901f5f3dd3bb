import type { StaffMember } from '@blooms/shared/contract/deliveries-api';

interface Props {
  count: number;
  /** Who has each selected delivery now: a first name, or null for nobody. */
  currentAssignees: (string | null)[];
  staff: StaffMember[];
  busy: boolean;
  /** The chosen person's e-mail, or null for nobody (unassign). */
  onAssign: (email: string | null) => void;
}

const NOBODY = '(nobody)';

/** What choosing a person will change: "Now: 2 unassigned, 1 with Finn." */
export function describeNow(assignees: (string | null)[]): string {
  const counts = new Map<string, number>();
  for (const who of assignees) {
    const key = who === null ? 'unassigned' : `with ${who}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return `Now: ${[...counts].map(([key, n]) => `${n} ${key}`).join(', ')}.`;
}

/** Shown while rows are selected: 'Assign N deliveries to:' and a user dropdown, with Nobody last to unassign. */
export function BulkAssign({ count, currentAssignees, staff, busy, onAssign }: Props) {
  return (
    <div className="bulk-assign" role="group" aria-labelledby="bulk-assign-label">
      <label id="bulk-assign-label" htmlFor="bulk-assign-user">
        Assign {count} {count === 1 ? 'delivery' : 'deliveries'} to:
      </label>
      <select
        id="bulk-assign-user"
        value=""
        disabled={busy}
        aria-describedby="bulk-assign-now"
        onChange={(event) => {
          if (event.target.value) onAssign(event.target.value === NOBODY ? null : event.target.value);
        }}
      >
        <option value="">Select a user</option>
        {staff.map((member) => (
          <option key={member.email} value={member.email}>
            {member.firstName}
          </option>
        ))}
        <option value={NOBODY}>Nobody (unassign)</option>
      </select>
      <p className="bulk-assign__now" id="bulk-assign-now">
        {describeNow(currentAssignees)}
      </p>
    </div>
  );
}
