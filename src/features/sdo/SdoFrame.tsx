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
  return <img src={url} alt={`The Sun in ${label}`} loading="lazy" decoding="async" width={512} height={512} onError={() => setFailedUrl(url)} />;
}
