import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedParts } from './lazy';

/** What a part loaded on demand shows while its chunk arrives. */
export function Loading({ what }: { readonly what: string }) {
  return <p className="loading" role="status">Loading {what}…</p>;
}

interface BoundaryProps { readonly what: string; readonly children: ReactNode }

/**
 * Catches a part that could not load (its chunk's request failed: offline, a new deploy's file
 * names) or that threw while drawing: the rest of the page stays, with the scenario, and the
 * part shows what went wrong and a way to load it again.
 */
class Boundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.what} could not be shown`, error, info.componentStack);
  }

  private readonly retry = () => {
    retryFailedParts();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="part-error" role="alert" data-testid="part-error">
        <span>{this.props.what[0]?.toUpperCase()}{this.props.what.slice(1)} could not be loaded ({error.message}). Your scenario is kept.</span>{' '}
        <button type="button" className="small" data-testid="part-retry" onClick={this.retry}>Try again</button>
      </div>
    );
  }
}

/**
 * A part of the page loaded on demand (components/lazy.tsx): `fallback` (by default "Loading
 * `what`…") while its chunk arrives, and an error with "Try again" if it does not.
 */
export function Part({ what, fallback, children }: { readonly what: string; readonly fallback?: ReactNode; readonly children: ReactNode }) {
  return (
    <Boundary what={what}>
      <Suspense fallback={fallback === undefined ? <Loading what={what} /> : fallback}>{children}</Suspense>
    </Boundary>
  );
}
