import { useCallback, useEffect, useState } from 'react';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import { deliveriesApi } from '../deliveries/api';

/** The staff one can assign deliveries to. A failed load leaves the list as it was: the table still works. */
export function useStaffList() {
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const reloadStaff = useCallback(() => {
    deliveriesApi.staff().then(setStaff, (e: Error) => console.error('Could not load the staff list', e));
  }, []);
  useEffect(reloadStaff, [reloadStaff]);
  return { staff, reloadStaff };
}
