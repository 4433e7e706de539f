import { createContext, useContext } from 'react';

/** The signed-in user as the UI sees it. */
export interface AuthUser {
  id: string;
  email: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  provider: string;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthState>({
  status: 'signed-out',
  user: null,
  signOut: async () => {},
});

/** Who is signed in. The auth provider (src/auth/AuthProvider.tsx) supplies the value. */
export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** Spec §2: full_name, else the part of the email before the at-sign, else "User". */
export function displayName(user: Pick<AuthUser, 'fullName' | 'email'> | null): string {
  if (user?.fullName?.trim()) return user.fullName.trim();
  const local = user?.email?.split('@')[0];
  return local ? local : 'User';
}
