/**
 * What the layout tests measure, as functions that run in the page (`page.evaluate`): each is
 * self-contained (Playwright sends its source, not its closure) and returns one line per problem.
 */

export interface Problem {
  kind: string;
  detail: string;
}

/**
 * Runs in the page. Boxes are the parts of elements a person can see: clipped by every ancestor
 * that hides or scrolls its overflow. Returns one line per problem.
 */
export function measureLayout(): Problem[] {
  type Box = { left: number; top: number; right: number; bottom: number };
  const problems: Problem[] = [];
  const main = document.querySelector('main');
  const footer = document.querySelector('footer.footer');
  if (!main || !footer) return [{ kind: 'shell', detail: 'no main or footer' }];
  const vw = document.documentElement.clientWidth;

  const describe = (el: Element): string => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).join('.')}`
        : '';
    return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
  };
  const intersect = (a: Box, b: Box): Box | null => {
    const r = {
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    };
    return r.right > r.left && r.bottom > r.top ? r : null;
  };
  const toBox = (r: DOMRect): Box => ({
    left: r.left,
    top: r.top,
    right: r.right,
    bottom: r.bottom,
  });

  // The visible part of an element's box: what its overflow-clipping ancestors let through.
  const clipCache = new Map<Element, Box | null>();
  const clipOf = (el: Element | null): Box | null => {
    const everything: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
    if (!el || el === document.documentElement || el === document.body) return everything;
    const cached = clipCache.get(el);
    if (cached !== undefined) return cached;
    const parentClip = clipOf(el.parentElement);
    const style = getComputedStyle(el);
    let clip = parentClip;
    if (parentClip && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) {
      clip = intersect(parentClip, toBox(el.getBoundingClientRect()));
    }
    clipCache.set(el, clip);
    return clip;
  };
  const fixedCache = new Map<Element, boolean>();
  const inFixed = (el: Element | null): boolean => {
    if (!el || el === main) return false;
    const cached = fixedCache.get(el);
    if (cached !== undefined) return cached;
    const fixed = getComputedStyle(el).position === 'fixed' || inFixed(el.parentElement);
    fixedCache.set(el, fixed);
    return fixed;
  };
  const shown = (el: Element): boolean => {
    const s = getComputedStyle(el);
    return (
      s.visibility === 'visible' &&
      Number(s.opacity) > 0 &&
      el.checkVisibility({ opacityProperty: true })
    );
  };

  if (document.documentElement.scrollWidth > vw) {
    problems.push({
      kind: 'page scrolls sideways',
      detail: `scrollWidth ${document.documentElement.scrollWidth} > ${vw}`,
    });
  }

  // 1. Nothing of main under the footer.
  const footerBox = toBox(footer.getBoundingClientRect());
  const underFooter = new Set<Element>();
  for (const el of main.querySelectorAll('*')) {
    if (inFixed(el) || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const clip = clipOf(el.parentElement);
    const seen = clip && intersect(toBox(r), clip);
    const hit = seen && intersect(seen, footerBox);
    if (hit && hit.bottom - hit.top > 1 && hit.right - hit.left > 1) {
      underFooter.add(el);
      // The outermost element is enough to name: its children are under the footer with it.
      if (!el.parentElement || !underFooter.has(el.parentElement))
        problems.push({ kind: 'under the footer', detail: describe(el) });
    }
  }

  // 2. Text: every line box of every text node in main, as seen.
  type Line = { box: Box; owner: Element; node: Text };
  const lines: Line[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const node = n as Text;
    const owner = node.parentElement;
    if (!owner || !node.data.trim() || inFixed(owner) || !shown(owner)) continue;
    const clip = clipOf(owner);
    if (!clip) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 2 || rect.height < 2) continue;
      const seen = intersect(toBox(rect), clip);
      if (!seen) continue;
      lines.push({ box: seen, owner, node });
      if (seen.left < -1 || seen.right > vw + 1) {
        problems.push({ kind: 'text outside the screen', detail: describe(owner) });
      }
    }
  }
  // Font boxes are taller than tight line heights: a few pixels of overlap between neighbouring
  // lines is type, not layout.
  const SLACK = 3;
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.node === b.node) continue;
      const hit = intersect(a.box, b.box);
      if (hit && hit.right - hit.left > SLACK && hit.bottom - hit.top > SLACK) {
        problems.push({
          kind: 'text on text',
          detail: `${describe(a.owner)} ⨯ ${describe(b.owner)}`,
        });
      }
    }
  }

  // 3. Tables: fit, or scroll inside a wrapper that itself fits the screen.
  for (const table of main.querySelectorAll('table')) {
    if (!shown(table)) continue;
    const tr = table.getBoundingClientRect();
    let wrapper: Element | null = null;
    for (let el = table.parentElement; el && el !== main; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== 'visible') {
        wrapper = el;
        break;
      }
    }
    if (!wrapper) {
      if (tr.left < -1 || tr.right > vw + 1)
        problems.push({ kind: 'table off the screen', detail: describe(table) });
      continue;
    }
    const ws = getComputedStyle(wrapper);
    const wr = wrapper.getBoundingClientRect();
    const scrolls = ws.overflowX === 'auto' || ws.overflowX === 'scroll';
    if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
      // Cut-off columns are reachable only by scrolling the wrapper: with a pointer if it scrolls,
      // with the keyboard only if it (or something in it) can take focus.
      if (!scrolls) problems.push({ kind: 'table cut off', detail: describe(table) });
      else if (
        !(wrapper as HTMLElement).matches('[tabindex]') &&
        !wrapper.querySelector('a[href], button, input, select, textarea, [tabindex]')
      ) {
        problems.push({
          kind: 'table scrolls out of keyboard reach',
          detail: `${describe(table)} (${wrapper.scrollWidth} in ${wrapper.clientWidth})`,
        });
      }
    }
    if (wr.left < -1 || wr.right > vw + 1)
      problems.push({ kind: 'table wrapper off the screen', detail: describe(wrapper) });
  }

  // One line per distinct problem.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.kind}|${p.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs in the page. The header's pieces (logo, Go Offline, install, sign-in or user menu) each fit
 * on the screen without covering one another, and Go Offline shows its word, not only its dot.
 */
export function measureHeader(): Problem[] {
  const problems: Problem[] = [];
  const vw = document.documentElement.clientWidth;
  const header = document.querySelector('header.app-header');
  if (!header) return [{ kind: 'header', detail: 'missing' }];
  const pieces = [
    header.querySelector('.app-header__logo'),
    ...(header.querySelector('.app-header__actions')?.children ?? []),
  ].filter((el): el is Element => el !== null && el.getBoundingClientRect().width > 0);
  const boxes = pieces.map((el) => ({ el, r: el.getBoundingClientRect() }));
  for (const { el, r } of boxes) {
    if (r.left < -1 || r.right > vw + 1)
      problems.push({ kind: 'header piece off the screen', detail: el.className });
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!.r;
      const b = boxes[j]!.r;
      if (
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
      ) {
        problems.push({
          kind: 'header pieces overlap',
          detail: `${boxes[i]!.el.className} ⨯ ${boxes[j]!.el.className}`,
        });
      }
    }
  }
  const word = header.querySelector('.network-toggle__text');
  const toggle = header.querySelector('.network-toggle');
  const wordBox = word?.getBoundingClientRect();
  const toggleBox = toggle?.getBoundingClientRect();
  // A visually hidden label is 1 px wide or clipped: the word must be drawn inside its button.
  const drawn =
    word &&
    wordBox &&
    toggleBox &&
    wordBox.width >= 20 &&
    getComputedStyle(word).clip === 'auto' &&
    wordBox.left >= toggleBox.left &&
    wordBox.right <= toggleBox.right;
  if (!drawn)
    problems.push({
      kind: 'Go Offline has no visible label',
      detail: word?.textContent ?? 'no label',
    });
  return problems;
}

/**
 * Runs in the page. The screen's h1 is drawn and nothing covers it: at points across every line
 * of its text, the topmost element is the h1 or inside it (a banner, the header, a card or a panel
 * drawn over the title is named).
 */
export function measureTitle(): Problem[] {
  const h1 = document.querySelector('main h1');
  if (!h1) return [{ kind: 'title', detail: 'no h1 in main' }];
  const describe = (el: Element | null): string => {
    if (!el) return 'nothing';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).join('.')}`
        : '';
    return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
  };
  const range = document.createRange();
  range.selectNodeContents(h1);
  const lines = [...range.getClientRects()].filter((r) => r.width >= 2 && r.height >= 2);
  if (lines.length === 0) return [{ kind: 'title not drawn', detail: describe(h1) }];
  const problems: Problem[] = [];
  for (const line of lines) {
    const y = line.top + line.height / 2;
    for (const x of [line.left + 2, line.left + line.width / 2, line.right - 2]) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
        problems.push({
          kind: 'title off the screen',
          detail: `${Math.round(x)},${Math.round(y)}`,
        });
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === h1 || h1.contains(hit)))
        problems.push({ kind: 'title covered', detail: `by ${describe(hit)}` });
    }
  }
  return problems.filter(
    (p, i) => problems.findIndex((q) => q.kind === p.kind && q.detail === p.detail) === i,
  );
}

/**
 * Runs in the page, on an element drawn over other content (a menu, a card): why what lies under
 * it would show through — a background that is not fully opaque, or an opacity below 1 on it or
 * an ancestor — or null when it hides what it covers.
 */
export function seeThrough(el: Element): string | null {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const opacity = Number(getComputedStyle(e).opacity);
    if (opacity < 1) return `opacity ${opacity} on ${e.tagName.toLowerCase()}.${e.className}`;
  }
  const background = getComputedStyle(el).backgroundColor;
  const alpha = /rgba?\(([^)]+)\)/
    .exec(background)?.[1]
    ?.split(/[,/\s]+/)
    .filter(Boolean)[3];
  if (alpha !== undefined && Number(alpha) < 1) return `background ${background}`;
  return null;
}
