import { Component, type ReactNode } from 'react';

/** A lazy screen whose code could not be downloaded (offline before it was cached, or an old build). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

/** What the boundary says about an error (pure, so it is tested without rendering). */
export function describeRouteError(error: unknown): string {
  if (isChunkLoadError(error))
    return 'Its code could not be downloaded. Check your connection, then reload.';
  const message = error instanceof Error ? error.message : String(error);
  return `It failed with: ${message || 'an unknown error'}.`;
}

interface Props {
  children: ReactNode;
  /** Reload the page (tests pass their own). */
  reload?: () => void;
}

/**
 * Catches a screen that throws while rendering, so the shell (header, navigation, banners) stays
 * and the user gets a message and a way out instead of a blank page. The Layout keys it by path:
 * navigating elsewhere starts clean. Stored data is never touched.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidCatch(error: unknown) {
    console.error('[aurora] a screen failed to render', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const reload = this.props.reload ?? (() => window.location.reload());
    return (
      <div className="empty-state route-error" role="alert">
        <p className="empty-state__title">This screen could not be shown.</p>
        <div className="empty-state__body">
          <p>{describeRouteError(this.state.error)} Your saved data and settings are safe.</p>
        </div>
        <div className="route-error__actions">
          <button type="button" className="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <button type="button" className="button button--primary" onClick={reload}>
            Reload
          </button>
        </div>
      </div>
    );
  }
}
