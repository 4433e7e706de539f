// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { scrollToHash } from '../../../src/ui/useScrollToHash.ts';

const original = Element.prototype.scrollIntoView;
afterEach(() => {
  document.body.innerHTML = '';
  Element.prototype.scrollIntoView = original;
});

/** jsdom lays nothing out and has no scrollIntoView: record which elements were asked. */
function recordScrolls(): string[] {
  const scrolled: string[] = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
  return scrolled;
}

describe("a URL's #fragment brought into view", () => {
  it('scrolls to the element it names, escapes decoded', () => {
    document.body.innerHTML = '<section id="track-record"></section><h2 id="kp index"></h2>';
    const scrolled = recordScrolls();
    expect(scrollToHash('#track-record')).toBe(true);
    expect(scrollToHash('#kp%20index')).toBe(true);
    expect(scrolled).toEqual(['track-record', 'kp index']);
  });

  it('answers false, scrolling nothing, for no fragment, an empty one or one naming nothing', () => {
    document.body.innerHTML = '<section id="track-record"></section>';
    const scrolled = recordScrolls();
    expect(scrollToHash('')).toBe(false);
    expect(scrollToHash('#')).toBe(false);
    expect(scrollToHash('#access_token=abc&type=recovery')).toBe(false);
    expect(scrolled).toEqual([]);
  });

  it('looks a malformed escape up as written instead of throwing', () => {
    document.body.innerHTML = '<p id="%E0%A4%A"></p>';
    const scrolled = recordScrolls();
    expect(scrollToHash('#%E0%A4%A')).toBe(true);
    expect(scrollToHash('#%zz')).toBe(false);
    expect(scrolled).toEqual(['%E0%A4%A']);
  });
});
