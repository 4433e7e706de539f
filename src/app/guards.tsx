import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../auth/useAuth.ts';
import { isDebugMode } from '../lib/storage.ts';
import { CONTENT_LOADING, PageLoading } from '../ui/PageLoading.tsx';

interface GuardProps {
  children: ReactNode;
  /** Shown while the session is read: the route's frame, so its title stays on screen. */
  fallback?: ReactNode;
}

const LOADING = <PageLoading text={CONTENT_LOADING} />;

/** /settings: signed-out visitors go to /login. */
export function RequireSignedIn({ children, fallback = LOADING }: GuardProps) {
  const { status } = useAuth();
  if (status === 'loading') return fallback;
  if (status !== 'signed-in') return <Navigate to="/login" replace />;
  return children;
}

/** /login and /signup: a signed-in user is sent to /. */
export function RequireSignedOut({ children, fallback = LOADING }: GuardProps) {
  const { status } = useAuth();
  if (status === 'loading') return fallback;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return children;
}

/** Debug routes exist only while localStorage `debug-mode` is 'true'; otherwise they are unknown paths. */
export function DebugOnly({ children }: { children: ReactNode }) {
  if (!isDebugMode()) return <Navigate to="/" replace />;
  return children;
}
