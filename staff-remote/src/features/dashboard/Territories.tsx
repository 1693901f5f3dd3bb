import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@blooms/shared/runtime/query-client';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import { parseZips, territoryProblem } from '@blooms/shared/contract/territories';
import { deliveriesApi } from '../deliveries/api';

const territoriesQuery = { queryKey: apiKey(STAFF_ROUTES.territories), queryFn: () => deliveriesApi.territories() };

/**
 * Drivers' territories: the ZIP codes whose stops go to them when a month starts and the stop
 * had nobody the month before. Checked here and again by the server.
 */
export function Territories({ staff }: { staff: StaffMember[] }) {
  // Asked for once opened: the dashboard itself needs nothing of it (nor does an API without it).
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...territoriesQuery, enabled: open });
  const territories = query.data ?? [];
  const [driver, setDriver] = useState('');
  const [zips, setZips] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const ids = { driver: useId(), zips: useId() };

  function choose(email: string) {
    setDriver(email);
    setMessage(null);
    setZips(territories.find((t) => t.driver === email)?.zips.join(', ') ?? '');
  }

  const save = useMutation({
    mutationFn: (wanted: string[]) => deliveriesApi.setTerritory(driver, wanted),
    onSuccess: (saved) => {
      queryClient.setQueryData(territoriesQuery.queryKey, saved);
      setMessage({ error: false, text: 'Territory saved.' });
    },
    onError: (error) => setMessage({ error: true, text: error instanceof Error ? error.message : String(error) }),
  });

  function submit() {
    const wanted = parseZips(zips);
    const problem = territoryProblem(wanted, driver, territories);
    if (problem) return setMessage({ error: true, text: problem });
    save.mutate(wanted);
  }

  return (
    <details className="territories" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Territories</summary>
      {!open ? null : query.isPending ? (
        <p role="status">Loading territories…</p>
      ) : territories.length > 0 ? (
        <ul className="territories__list">
          {territories.map((t) => (
            <li key={t.driver}>
              <strong>{t.driverName}</strong>: {t.zips.join(', ')}
            </li>
          ))}
        </ul>
      ) : (
        <p>No driver has a territory yet.</p>
      )}
      <form
        className="territories__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={ids.driver}>Driver</label>
        <select id={ids.driver} value={driver} onChange={(event) => choose(event.target.value)} required>
          <option value="">Select a user</option>
          {staff.map((member) => (
            <option key={member.email} value={member.email}>
              {member.firstName}
            </option>
          ))}
        </select>
        <label htmlFor={ids.zips}>ZIP codes</label>
        <input id={ids.zips} value={zips} onChange={(event) => setZips(event.target.value)} placeholder="84037, 84040" disabled={!driver} />
        <button type="submit" className="button" disabled={!driver || save.isPending}>
          Save territory
        </button>
      </form>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'territories__error' : undefined}>
        {message?.text}
      </p>
      <p className="territories__hint">
        When a month starts, a stop nobody had the month before goes to the driver whose territory holds its ZIP code. Leave the ZIP codes
        empty to remove a territory.
      </p>
    </details>
  );
}
