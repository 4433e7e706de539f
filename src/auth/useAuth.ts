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
  /** The wallet's 0x address, for an Ethereum account (which has no email to show). */
  walletAddress?: string | null;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Credentials {
  email?: string;
  phone?: string;
  password: string;
}

/** What a user can do about their account: the controller offers it and the UI calls it. */
export interface AuthActions {
  signInWithPassword(c: Credentials): Promise<AuthResult>;
  signUp(c: Credentials): Promise<AuthResult>;
  /** Starts the social sign-in (PKCE); on success the browser leaves for the provider. */
  signInWithOAuth(): Promise<AuthResult>;
  signInWithEthereum(): Promise<AuthResult>;
  /** Finishes a social sign-in on /auth/callback: exchanges `?code=` or reads `#access_token=`. */
  completeOAuthCallback(href: string): Promise<AuthResult>;
  /** "Forgot password?": emails a link that opens /auth/callback signed in for a new password. */
  requestPasswordReset(email: string): Promise<AuthResult>;
  /** Sets the signed-in user's new password (after the recovery link). */
  updatePassword(password: string): Promise<AuthResult>;
  /** Deletes the account on the server, then signs out with the device's anonymous preferences back. */
  deleteAccount(): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
}

export interface AuthState extends AuthActions {
  status: AuthStatus;
  user: AuthUser | null;
  /** The configured social identity provider (VITE_OAUTH_PROVIDER, default 'google'). */
  oauthProvider: string;
  /** Whether an EIP-1193 wallet (window.ethereum) is present in this browser. */
  hasEthereumWallet: boolean;
}

const notReady = async (): Promise<AuthResult> => ({
  ok: false,
  message: 'Sign-in is not available.',
});

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
  requestPasswordReset: notReady,
  updatePassword: notReady,
  deleteAccount: notReady,
  signOut: notReady,
});

/** Who is signed in, and the sign-in actions. The auth provider (src/auth/AuthProvider.tsx) supplies the value. */
export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** The user menu's display name: full_name, else the part of the email before the at-sign, else (a wallet) its short address, else "User". */
export function displayName(
  user: Pick<AuthUser, 'fullName' | 'email' | 'walletAddress'> | null,
): string {
  if (user?.fullName?.trim()) return user.fullName.trim();
  const local = user?.email?.split('@')[0];
  if (local) return local;
  return user?.walletAddress ? shortAddress(user.walletAddress) : 'User';
}

/** `0x1234…abcd`: enough to recognise a wallet, short enough for a menu. */
export function shortAddress(address: string): string {
  const a = address.trim();
  // "0x" and 4 digits, then the last 4: the case of the EIP-55 checksum stays as given.
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

/** Up to two letters for an avatar that has no picture (or whose picture does not load). */
export function initials(
  user: Pick<AuthUser, 'fullName' | 'email' | 'walletAddress'> | null,
): string {
  const name = user?.fullName?.trim();
  if (name) {
    const words = name.split(/\s+/).filter(Boolean);
    const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : [words[0]!];
    return letters.map((w) => [...w][0]!.toLocaleUpperCase()).join('');
  }
  const local = user?.email?.split('@')[0];
  if (local) return [...local][0]!.toLocaleUpperCase();
  if (user?.walletAddress && /^0x[0-9a-fA-F]{2}/.test(user.walletAddress))
    return user.walletAddress.slice(2, 4).toUpperCase();
  return '?';
}
