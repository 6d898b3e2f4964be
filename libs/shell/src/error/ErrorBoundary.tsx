import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';
import { reportError } from './report-error';

export type ErrorBoundaryProps = {
  children: ReactNode;
  /** What to show instead of the children after an error; the ErrorScreen by default. */
  fallback?: ReactNode;
};

type ErrorBoundaryState = { failed: boolean };

/** Catches render errors below it, reports them and shows the ErrorScreen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback ?? <ErrorScreen />;
    return this.props.children;
  }
}
