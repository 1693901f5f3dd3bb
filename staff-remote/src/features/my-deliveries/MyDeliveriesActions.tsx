import { Link } from 'react-router-dom';

/**
 * Print and back to the dashboard: beside the month on a wide screen, under the stops on a
 * phone (which then start higher). Print is offered once there are stops, and waits while
 * `locked` (the kept list).
 */
export function MyDeliveriesActions({ printable, locked = false }: { printable: boolean; locked?: boolean }) {
  return (
    <div className="staff-toolbar__actions">
      {printable && (
        <button type="button" className="button button--secondary" disabled={locked} onClick={() => window.print()}>
          Print route sheet
        </button>
      )}
      <Link to="/dashboard" className="button button--secondary">
        Back to Dashboard
      </Link>
    </div>
  );
}
