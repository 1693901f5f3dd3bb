import type { NotSent } from './use-pending-changes';

interface Props {
  waiting: number;
  notSent: NotSent[];
  onDismiss: (id: number) => void;
}

/** How many changes wait on this device, and each one the server refused. */
export function PendingBadge({ waiting, notSent, onDismiss }: Props) {
  return (
    <>
      <p className="pending-badge" role="status">
        {waiting > 0 && `${waiting} waiting to send`}
      </p>
      {notSent.length > 0 && (
        <ul className="not-sent" role="alert" aria-label="Changes not sent">
          {notSent.map((item) => (
            <li key={item.id}>
              <span>{item.message}</span>
              <button type="button" className="button button--secondary" onClick={() => onDismiss(item.id)}>
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
