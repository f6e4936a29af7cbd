import { Component, type ReactNode } from 'react';
import { RouteError } from '@/components/errors/route-error';

interface Props {
  /** A new value (the next path) clears a shown error: the user navigated away from it. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Shows <RouteError> when a screen fails to render or its code cannot be loaded (e.g. after a
 * deploy), instead of a blank page; navigating elsewhere tries again. (The router's own
 * `errorElement` needs React Router's data router, which the app does not load: main.tsx.)
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
