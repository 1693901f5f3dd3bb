import type { StaffMember } from '@blooms/shared/contract/deliveries-api';

interface Props {
  count: number;
  staff: StaffMember[];
  busy: boolean;
  onAssign: (email: string) => void;
}

/** Shown while rows are selected: 'Assign N deliveries to:' and a user dropdown. */
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
          if (event.target.value) onAssign(event.target.value);
        }}
      >
        <option value="">Select a user</option>
        {staff.map((member) => (
          <option key={member.email} value={member.email}>
            {member.firstName}
          </option>
        ))}
      </select>
    </div>
  );
}
