import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  section: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** One per remote screen: a remote that is down or broken never takes the shell with it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.section} section failed to load`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
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
