/** What a route says while its code loads (the product's wording), here and in the prerendered shell. */
export const CONTENT_LOADING = 'Loading content...';

/** The Suspense fallback of every lazy route. */
export function PageLoading({ text }: { text: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
