// jsdom ships no types (and @types/jsdom is not installed); planFeedPanel.test.tsx makes one window.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
