/**
 * A fetch that sends every request at once but keeps the answers to the ones `held` picks from
 * the caller until `release()`: the server has done the work, the device has not heard. This is
 * how a test puts a device's going away (its sync stopped, its database closed) between a push
 * reaching the server and its answer reaching the device, whatever the machine's load.
 */
export function heldAnswers(held: (method: string, url: string) => boolean): {
  fetch: typeof fetch;
  /** Resolves once the server has answered a held request (its answer not yet passed on). */
  answered: Promise<void>;
  /** Passes on the held answers, and every later one at once. */
  release(): void;
} {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const holding: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await fetch(input, init);
    if (held(method.toUpperCase(), url)) {
      answer();
      await released;
    }
    return response;
  };
  return { fetch: holding, answered, release };
}
