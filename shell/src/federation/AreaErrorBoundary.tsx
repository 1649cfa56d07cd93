import { Component, type ReactNode } from 'react';
import { retryFailedPages, Spinner } from '@marketplace/shared';
import type { FrontEndName } from '@marketplace/platform/front-ends';
import { fullPageLoad } from '../layout/fullPageLoad';
import { telemetry } from '../telemetry/pageView';
import { AreaUnavailable } from './AreaUnavailable';
import { releaseMoved, RemoteUnavailableError } from './remotes';
import styles from './RemoteArea.module.css';

interface Props {
  area: FrontEndName;
  /** When it changes (the user navigated), a failed area tries again. */
  resetKey: string;
  /** The URL shown (path, query, hash): what a full page load opens when the release moved. */
  href: string;
  /** Called before the area renders again after a failure. */
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** Asking the server whether this area's release is still the live one. */
  checking: boolean;
  /** Attempts that failed again after a retry. */
  retries: number;
}

/**
 * Keeps a failing front end inside its own area: the header, footer and other areas carry on.
 * When the failure is code that could not be loaded because a newer release went live meanwhile
 * (the page's release was pruned), the navigation becomes a full page load of the same URL, which
 * gets the live release: an open tab never ends on a dead area because of a deploy.
 */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, checking: false, retries: 0 };
  private mounted = false;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error'), checking: true };
  }

  override componentDidMount(): void {
    this.mounted = true;
  }

  override componentWillUnmount(): void {
    this.mounted = false;
  }

  override componentDidCatch(error: unknown): void {
    // Counted against the area's release (a canary is judged by it: docs/releasing.md).
    if (error instanceof RemoteUnavailableError) telemetry.loadFailure(this.props.area);
    else telemetry.error(this.props.area);
    void releaseMoved(this.props.area).then((moved) => {
      if (moved) fullPageLoad(this.props.href);
      else if (this.mounted) {
        telemetry.unavailable(this.props.area);
        this.setState({ checking: false });
      }
    });
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      retryFailedPages();
      this.props.onRetry();
      this.setState({ error: null, checking: false, retries: 0 });
    }
  }

  private readonly retry = (): void => {
    retryFailedPages();
    this.props.onRetry();
    this.setState((s) => ({ error: null, checking: false, retries: s.retries + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error && this.state.checking) {
      return (
        <div className={styles.loading}>
          <Spinner label="Loading the page" />
        </div>
      );
    }
    if (this.state.error) {
      return <AreaUnavailable area={this.props.area} retried={this.state.retries > 0} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
