import type { IncomingMessage } from 'node:http';

/**
 * What clients may hold: every channel costs an RLS read per matching change, so without caps
 * sockets full of channels stall delivery for everyone. Hosted Realtime's channels per connection
 * are 100 too (https://supabase.com/docs/guides/realtime/limits); the app itself opens one socket
 * per tab and joins one or two channels.
 */
export interface RealtimeLimits {
  channelsPerSocket: number;
  /** Joins per second per socket (a burst of this many, refilled over a second). */
  joinsPerSecond: number;
  bindingsPerChannel: number;
  /** Open sockets per client address: a few tabs and devices behind one address, not a hundred. */
  socketsPerAddress: number;
  /** Channels held by all sockets together: bounds the RLS reads one change can cost. */
  channelsTotal: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  channelsPerSocket: 100,
  joinsPerSecond: 10,
  bindingsPerChannel: 100,
  socketsPerAddress: 10,
  channelsTotal: 2000,
};

/** The peer's address, one key per client (IPv4 without its IPv6 mapping), as the gateway keys auth limits. */
export function peerAddress(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

/**
 * Sockets open or being opened per address. A socket counts from its upgrade request on (before
 * its token is checked), so parallel upgrades cannot overshoot the cap.
 */
export class SocketCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly perAddress: number) {}

  /** Counts one more socket from `address`: its release (idempotent), or null when at the cap. */
  open(address: string): (() => void) | null {
    const n = this.counts.get(address) ?? 0;
    if (n >= this.perAddress) return null;
    this.counts.set(address, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(address) ?? 1) - 1;
      if (left > 0) this.counts.set(address, left);
      else this.counts.delete(address);
    };
  }
}
