/**
 * The wake-lock rule against a stand-in for the browser's API (the real one is exercised in
 * Chromium by tests/e2e/nightField.spec.ts): request on open, request again when the page is
 * shown after the browser let the lock go, release on leaving, say so where there is none.
 */
import { describe, expect, it } from 'vitest';
import {
  holdScreenOn,
  type WakeLockState,
} from '../../../../src/features/wakeLock/screenWakeLock.ts';

class FakeSentinel extends EventTarget {
  released = false;
  async release() {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

function fakeBrowser(refuse = false) {
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  doc.visibilityState = 'visible';
  const sentinels: FakeSentinel[] = [];
  const wakeLock = {
    async request(type: 'screen') {
      expect(type).toBe('screen');
      if (refuse) throw new DOMException('battery saver', 'NotAllowedError');
      const s = new FakeSentinel();
      sentinels.push(s);
      return s as unknown as WakeLockSentinel;
    },
  };
  const hide = async () => {
    doc.visibilityState = 'hidden';
    // The browser releases every screen lock of a hidden page.
    for (const s of sentinels) await s.release();
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const show = () => {
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { doc: doc as unknown as Document, wakeLock, sentinels, hide, show };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('keeping the screen on', () => {
  it('holds a screen lock while open, takes it again when the page is shown, and lets it go on leaving', async () => {
    const b = fakeBrowser();
    const states: WakeLockState[] = [];
    const stop = holdScreenOn({ wakeLock: b.wakeLock, document: b.doc }, (s) => states.push(s));
    await settle();
    expect(b.sentinels).toHaveLength(1);
    expect(states.at(-1)).toBe('on');
    await b.hide();
    expect(states.at(-1)).toBe('paused');
    b.show();
    await settle();
    expect(b.sentinels).toHaveLength(2);
    expect(b.sentinels[1]!.released).toBe(false);
    expect(states.at(-1)).toBe('on');
    stop();
    await settle();
    expect(b.sentinels[1]!.released).toBe(true);
    // Gone for good: showing the page again after leaving asks for nothing.
    b.show();
    await settle();
    expect(b.sentinels).toHaveLength(2);
  });

  it('asks for nothing while the page is hidden', async () => {
    const b = fakeBrowser();
    await b.hide();
    const stop = holdScreenOn({ wakeLock: b.wakeLock, document: b.doc }, () => undefined);
    await settle();
    expect(b.sentinels).toHaveLength(0);
    stop();
  });

  it('says plainly where the browser has no wake lock, and where it refuses one', async () => {
    const states: WakeLockState[] = [];
    holdScreenOn({ wakeLock: undefined, document: fakeBrowser().doc }, (s) => states.push(s));
    expect(states).toEqual(['unsupported']);
    const refused: WakeLockState[] = [];
    const b = fakeBrowser(true);
    holdScreenOn({ wakeLock: b.wakeLock, document: b.doc }, (s) => refused.push(s));
    await settle();
    expect(refused.at(-1)).toBe('refused');
  });

  it('releases a lock granted after the user already left', async () => {
    const b = fakeBrowser();
    const stop = holdScreenOn({ wakeLock: b.wakeLock, document: b.doc }, () => undefined);
    stop();
    await settle();
    expect(b.sentinels.every((s) => s.released)).toBe(true);
  });
});
