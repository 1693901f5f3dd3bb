import { isUnreadableReply } from '../runtime/api-client';

/**
 * A list that could not be loaded: what failed, why, and a way to try again. Nothing for a reply
 * of an API of another release: trying again cannot help, and the screen says the page was
 * updated, with Reload (Screen, PageUpdated).
 */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  if (isUnreadableReply(error)) return null;
  return (
    <div role="alert" className="load-error">
      <p>
        Could not load {what}: {error instanceof Error ? error.message : String(error)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
