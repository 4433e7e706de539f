/**
 * Whether another tab is open on the database, as the polling worker asks it (pollerLeadership.ts
 * `otherPollersWaiting`), against Chromium's own Web Locks: two tabs of one origin, each holding or
 * waiting for the poller lock as their workers do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  otherPollersWaiting,
  pollerLockName,
  type LockManagerLike,
} from '../../../../workers/poller/pollerLeadership.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: Server;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  // Web Locks exist in secure contexts only: a page on loopback is one.
  server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

/** The page's `navigator.locks.query`, seen from here. */
const locksOf = (page: Page): LockManagerLike => ({
  request: () => Promise.reject(new Error('not used')),
  query: () => page.evaluate(() => navigator.locks.query()),
});

/** Takes (or waits for) the lock in the page, and keeps it until the page closes. */
const claim = (page: Page, name: string) =>
  page.evaluate((n) => {
    void navigator.locks.request(n, () => new Promise<void>(() => undefined));
  }, name);

describe('another tab open on the database, seen through the poller lock in Chromium', () => {
  it('is none while one tab holds the lock, one once a second tab waits for it, none after it closes', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await first.goto(origin);
    await claim(first, pollerLockName('aurora'));
    expect(await otherPollersWaiting('aurora', locksOf(first))).toBe(false);
    const second = await context.newPage();
    await second.goto(origin);
    await claim(second, pollerLockName('aurora'));
    await expect.poll(() => otherPollersWaiting('aurora', locksOf(first))).toBe(true);
    // Another database's tab is not a reader of this one's rows.
    expect(await otherPollersWaiting('other', locksOf(first))).toBe(false);
    await second.close();
    await expect.poll(() => otherPollersWaiting('aurora', locksOf(first))).toBe(false);
    await context.close();
  });
});
