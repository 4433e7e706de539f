import { useState } from 'react';

/**
 * One channel's picture. When it cannot be loaded (the backend has no picture saved for the channel
 * yet and answers 503, or the device is offline with nothing cached), a plain notice takes the
 * picture's place instead of a broken-image icon. A new URL (next update) tries again.
 */
export function SdoFrame({ url, label }: { url: string; label: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === url) {
    return (
      <div className="sdo-card__missing" role="img" aria-label={`No ${label} image saved yet`}>
        No image saved yet
      </div>
    );
  }
  // CORS mode, so the service worker sees the real status (and keeps only real pictures) when the backend is on another origin.
  return (
    <img
      src={url}
      alt={`The Sun in ${label}`}
      crossOrigin="anonymous"
      loading="lazy"
      decoding="async"
      width={512}
      height={512}
      onError={() => setFailedUrl(url)}
    />
  );
}
