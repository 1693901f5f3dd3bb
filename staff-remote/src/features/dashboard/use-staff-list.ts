import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import { staffQueries } from '../deliveries/queries';

const NOBODY: StaffMember[] = [];

/** The staff one can assign deliveries to; while it cannot be read, nobody, and the table still works. */
export function useStaffList(): StaffMember[] {
  return useQuery(staffQueries.staff()).data ?? NOBODY;
}
