import type { StaffMember } from '@blooms/shared/contract/deliveries-api';

interface Props {
  count: number;
  staff: StaffMember[];
  busy: boolean;
  /** The chosen person's e-mail, or null for nobody (unassign). */
  onAssign: (email: string | null) => void;
}

const NOBODY = '(nobody)';

/** Shown while rows are selected: 'Assign N deliveries to:' and a user dropdown, with Nobody last to unassign. */
export function BulkAssign({ count, staff, busy, onAssign }: Props) {
  return (
    <div className="bulk-assign" role="group" aria-labelledby="bulk-assign-label">
      <label id="bulk-assign-label" htmlFor="bulk-assign-user">
        Assign {count} {count === 1 ? 'delivery' : 'deliveries'} to:
      </label>
      <select
        id="bulk-assign-user"
        value=""
        disabled={busy}
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
    </div>
  );
}
