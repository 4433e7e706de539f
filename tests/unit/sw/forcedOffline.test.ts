import { describe, expect, it } from 'vitest';
import { createForcedOfflineGate } from '../../../src/sw/forcedOffline.ts';

type RequestWillFetch = (p: { request: Request }) => Promise<Request>;

function refuseOrPass(gate: ReturnType<typeof createForcedOfflineGate>) {
  const hook = gate.plugin.requestWillFetch as unknown as RequestWillFetch;
  return hook({ request: new Request('https://app.test/functions/v1/sdo-image/0171') }).then(
    () => 'sent',
    () => 'refused',
  );
}

describe("the service worker's Go Offline gate", () => {
  it("reads the stored choice once per worker start and refuses its routes' network fetches while forced offline", async () => {
    let reads = 0;
    const gate = createForcedOfflineGate(async () => {
      reads++;
      return true;
    });
    expect(await gate.isForced()).toBe(true);
    expect(await refuseOrPass(gate)).toBe('refused');
    expect(reads).toBe(1);
  });

  it("follows the page's word after that: Go Online lets fetches through at once", async () => {
    const gate = createForcedOfflineGate(async () => true);
    expect(await refuseOrPass(gate)).toBe('refused');
    gate.set(false);
    expect(await refuseOrPass(gate)).toBe('sent');
    gate.set(true);
    expect(await gate.isForced()).toBe(true);
  });

  it('counts a choice it cannot read as online (the page still holds back its own requests)', async () => {
    const gate = createForcedOfflineGate(() => Promise.reject(new Error('no database')));
    expect(await gate.isForced()).toBe(false);
    expect(await refuseOrPass(gate)).toBe('sent');
  });
});
