import type { WebSocket } from 'ws';
import type { AccessClaims } from '../auth/jwt.ts';
import type { Bucket } from '../rateLimit.ts';
import type { ParsedFilter } from './filters.ts';

/** One socket's state, as RealtimeServer keeps it. */
export interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  parsed: ParsedFilter | null;
}

export interface Channel {
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  claims: AccessClaims;
}

export interface Conn {
  ws: WebSocket;
  address: string;
  vsn2: boolean;
  claims: AccessClaims;
  channels: Map<string, Channel>;
  joins: Bucket | undefined;
}

export type Frame = [string | null, string | null, string, string, unknown];
