/** The Suspense fallback of every lazy route (spec §2 loading texts). */
export function PageLoading({ text }: { text: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
