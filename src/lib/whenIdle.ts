/**
 * Runs `work` in an idle moment (requestIdleCallback, at most `timeoutMs` later, so a busy page
 * still gets it), or in a timer task where the browser has no idle callbacks. Returns a cancel.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const t = setTimeout(work, 0);
  return () => clearTimeout(t);
}
