// A render error on one page shows a friendly message with Try again instead of a blank page; the
// header, menu and footer stay. Moving to another page (a new `resetKey`) starts afresh.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadError } from './LoadError';

interface Props {
  resetKey: string;
  children: ReactNode;
}
interface State {
  failed: boolean;
  key: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page">
        <h1>Something went wrong</h1>
        <LoadError error="This page could not be shown. Please try again." onRetry={() => this.setState({ failed: false })} />
      </div>
    );
  }
}
