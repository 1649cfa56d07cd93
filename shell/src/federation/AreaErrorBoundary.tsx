import { Component, type ReactNode } from 'react';
import type { RemoteName } from './remotes';
import { AreaUnavailable } from './AreaUnavailable';

interface Props {
  area: RemoteName;
  /** When it changes (the user navigated), a failed area tries again. */
  resetKey: string;
  /** Called before the area renders again after a failure. */
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** Attempts that failed again after a retry. */
  retries: number;
}

/** Keeps a failing remote inside its own area: the header, footer and other areas carry on. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.props.onRetry();
      this.setState({ error: null, retries: 0 });
    }
  }

  private readonly retry = (): void => {
    this.props.onRetry();
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error) {
      return <AreaUnavailable area={this.props.area} retried={this.state.retries > 0} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
