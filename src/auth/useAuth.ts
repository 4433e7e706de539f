import { createContext, useContext } from 'react';
import type { AuthResult } from './authMessages.ts';

export type { AuthResult } from './authMessages.ts';

/** The signed-in user as the UI sees it. */
export interface AuthUser {
  id: string;
  email: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  provider: string;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Credentials {
  email?: string;
  phone?: string;
  password: string;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** The configured social identity provider (VITE_OAUTH_PROVIDER, default 'google'). */
  oauthProvider: string;
  /** Whether an EIP-1193 wallet (window.ethereum) is present in this browser. */
  hasEthereumWallet: boolean;
  signInWithPassword(c: Credentials): Promise<AuthResult>;
  signUp(c: Credentials): Promise<AuthResult>;
  /** Starts the social sign-in (PKCE); on success the browser leaves for the provider. */
  signInWithOAuth(): Promise<AuthResult>;
  signInWithEthereum(): Promise<AuthResult>;
  /** Finishes a social sign-in on /auth/callback: exchanges `?code=` or reads `#access_token=`. */
  completeOAuthCallback(href: string): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
}

const notReady = async (): Promise<AuthResult> => ({ ok: false, message: 'Sign-in is not available.' });

export const AuthContext = createContext<AuthState>({
  status: 'signed-out',
  user: null,
  oauthProvider: 'google',
  hasEthereumWallet: false,
  signInWithPassword: notReady,
  signUp: notReady,
  signInWithOAuth: notReady,
  signInWithEthereum: notReady,
  completeOAuthCallback: notReady,
  signOut: notReady,
});

/** Who is signed in, and the sign-in actions. The auth provider (src/auth/AuthProvider.tsx) supplies the value. */
export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** Spec §2: full_name, else the part of the email before the at-sign, else "User". */
export function displayName(user: Pick<AuthUser, 'fullName' | 'email'> | null): string {
  if (user?.fullName?.trim()) return user.fullName.trim();
  const local = user?.email?.split('@')[0];
  return local ? local : 'User';
}
