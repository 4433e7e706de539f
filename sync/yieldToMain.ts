/**
 * Ends the current task and resumes in a new one, so work split by it never adds up to one long
 * main-thread task. `scheduler.yield()` where the browser has it (the continuation runs before
 * other queued tasks), else a MessageChannel message (a task, without setTimeout's 4 ms clamp
 * after nesting), else a timer (Node without MessageChannel). Microtasks never end a task: an
 * `await` of a resolved promise would not do.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
