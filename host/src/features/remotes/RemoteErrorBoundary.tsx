import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ScreenUnavailableError, type UnavailableReason } from './remote-registry';

interface Props {
  section: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Where the live build of a remote cannot give a page until the site is updated (a route to a
 * module it does not expose, or a build for shared modules of another major version). Trying
 * again cannot help, so it offers no Retry: the rest of the site is a link away.
 */
export function ScreenUpdating({ section, reason }: { section: string; reason: UnavailableReason }) {
  return (
    <div className="container page remote-fallback" role="alert">
      <h1>This page is being updated</h1>
      <p>
        {reason === 'not-exposed'
          ? `The ${section} part of the site that is live now does not have this page yet.`
          : `The ${section} part of the site that is live now was made for another version of the site, so it is not opened.`}{' '}
        The page is back once the update is finished. The rest of the site works as usual.
      </p>
      <p>
        <Link className="button button--secondary" to="/">
          Back to Home
        </Link>
      </p>
    </div>
  );
}

/** One per remote screen: a remote that is down or broken never takes the shell with it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.section} section failed to load`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof ScreenUnavailableError) return <ScreenUpdating section={this.props.section} reason={error.reason} />;
    return (
      <div className="container page remote-fallback" role="alert">
        <h1>This section is not available right now</h1>
        <p>We could not load the {this.props.section} part of the site. The rest of the site still works. Please try again in a moment.</p>
        <button type="button" className="button" onClick={this.props.onRetry}>
          Retry
        </button>
      </div>
    );
  }
}
