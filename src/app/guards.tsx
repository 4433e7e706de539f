import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../auth/useAuth.ts';
import { isDebugMode } from '../lib/storage.ts';
import { PageLoading } from '../ui/PageLoading.tsx';

/** /settings: signed-out visitors go to /login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoading text="Loading content..." />;
  if (status !== 'signed-in') return <Navigate to="/login" replace />;
  return children;
}

/** /login and /signup: a signed-in user is sent to /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoading text="Loading content..." />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return children;
}

/** Debug routes exist only while localStorage `debug-mode` is 'true'; otherwise they are unknown paths. */
export function DebugOnly({ children }: { children: ReactNode }) {
  if (!isDebugMode()) return <Navigate to="/" replace />;
  return children;
}
