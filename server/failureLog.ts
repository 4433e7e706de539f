/**
 * Logs unexpected failures: the stack the first time a failure is seen, one line after that, so a
 * client repeating a bad request cannot fill the log with stack traces.
 */
export function failureLogger(
  log: (line: string) => void,
  remember = 200,
): (context: string, err: unknown) => void {
  const seen = new Set<string>();
  return (context, err) => {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    if (seen.has(message)) {
      log(`${context}: ${message} (again)`);
      return;
    }
    if (seen.size >= remember) seen.clear();
    seen.add(message);
    log(`${context}: ${err instanceof Error ? (err.stack ?? message) : message}`);
  };
}
