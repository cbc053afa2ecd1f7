// A render error on one page shows a friendly message with Try again instead of a blank page; the
// header, menu and footer stay. Moving to another page (a new `resetKey`) starts afresh. A page whose
// code could not be downloaded (no signal, or a newer version of the portal replaced it) says so, and
// Try again reloads the page: the app keeps a failed download, so rendering again would fail again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadError } from './LoadError';
import { notDownloaded } from './notDownloaded';

interface Props {
  resetKey: string;
  children: ReactNode;
}
interface State {
  /** Why the page failed, if it did: it threw while rendering, or its code could not be downloaded. */
  failed: false | 'render' | 'download';
  key: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: notDownloaded(error) ? 'download' : 'render' };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.failed === 'download') {
      return (
        <div className="page">
          <h1>This page could not be downloaded</h1>
          <LoadError error="Check the connection, then try again: the page reloads. Without signal, an instructor’s phone opens only the instructor’s pages." onRetry={() => window.location.reload()} />
        </div>
      );
    }
    return (
      <div className="page">
        <h1>Something went wrong</h1>
        <LoadError error="This page could not be shown. Please try again." onRetry={() => this.setState({ failed: false })} />
      </div>
    );
  }
}
