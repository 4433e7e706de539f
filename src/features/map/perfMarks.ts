/**
 * Named points on the way from navigation to the first oval, as User Timing marks (DevTools'
 * Performance panel and the bench's profiling read them). One mark per name per page: cheap enough
 * to stay in production.
 */
const marked = new Set<string>();

export function markOnce(name: string): void {
  if (marked.has(name)) return;
  marked.add(name);
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(name);
}
