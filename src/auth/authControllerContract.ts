/**
 * What the auth controller needs (every outside thing, passed in) and what it offers: the
 * contract between authController.ts, its helpers (account actions, wallet sign-in), the lazy
 * loader and AuthProvider.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuthConfig } from './config.ts';
import type { Eip1193Provider } from './ethereumSignIn.ts';
import type { AuthSnapshot } from './startupState.ts';
import type { AuthActions } from './useAuth.ts';

export interface AuthControllerDeps {
  config: AuthConfig;
  storage: Storage | null;
  getClient(): Promise<SupabaseClient>;
  /** apikey + Authorization for direct function calls. */
  backendHeaders(): Promise<Record<string, string>>;
  startOAuth(provider: string, redirectTo: string): Promise<{ url: string }>;
  fetch: typeof fetch;
  now(): number;
  sleep(ms: number): Promise<void>;
  isOffline(): boolean;
  location: { origin: string; host: string; assign(url: string): void };
  ethereum(): Eip1193Provider | null;
  isHidden(): boolean;
  onVisibilityChange(fn: () => void): () => void;
  /**
   * Before an account is deleted: remembers this device's anonymous preferences; the returned
   * step (run after sign-out) removes the deleted user's local preferences and puts those back.
   */
  prepareToForgetUser?(userId: string): Promise<() => Promise<void>>;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface AuthController extends AuthActions {
  getSnapshot(): AuthSnapshot;
  subscribe(fn: () => void): () => void;
  /** Loads supabase-js only if a session is stored; otherwise does nothing until an action needs it. */
  start(): void;
  stop(): void;
}
