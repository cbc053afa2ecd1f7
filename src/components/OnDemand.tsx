// A part of every page whose code is loaded on demand (the side menu, the account menu, the toasts).
// If that code cannot be downloaded, `fallback` takes its place and the page goes on: without this,
// the failed download would reach the top of the app and blank the whole page. Any other error goes
// on up.
import { Component, type ReactNode } from 'react';
import { Button } from './Button';
import { notDownloaded } from './notDownloaded';

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  thrown?: unknown;
}

export class OnDemand extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(thrown: unknown): State {
    return { failed: true, thrown };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    if (!notDownloaded(this.state.thrown)) throw this.state.thrown;
    return this.props.fallback;
  }
}

/**
 * What a menu whose code could not be downloaded says when it is opened. Trying again reloads the page:
 * the browser keeps the failed download.
 */
export function MenuNotDownloaded({ onClose }: { onClose: () => void }) {
  return (
    <div className="error-panel on-demand-failed" role="alert">
      <p>The menu could not be downloaded. Check the connection, then try again: the page reloads.</p>
      <div className="step-actions">
        <Button variant="outlined" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </div>
    </div>
  );
}
