import './auth.css';
import { useState } from 'react';
import { initials, type AuthUser } from '../../auth/useAuth.ts';

/** The user's picture, or their initials when there is none or it does not load (blocked, gone, offline). */
export function UserAvatar({ user, size = 28 }: { user: AuthUser; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = user.avatarUrl;
  if (url && broken !== url) {
    return (
      <img
        className="user-avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        // Google's avatar host refuses some requests that carry a referrer.
        referrerPolicy="no-referrer"
        onError={() => setBroken(url)}
      />
    );
  }
  return (
    <span
      className="user-avatar user-avatar--initials"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {initials(user)}
    </span>
  );
}
