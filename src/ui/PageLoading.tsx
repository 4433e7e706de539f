/** The Suspense fallback of every lazy route (the product's wording: "Loading content..."). */
export function PageLoading({ text }: { text: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
