import { useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { useInView } from '../../ui/useInView.ts';

export interface UpdateNoticesProps {
  updateAvailable: boolean;
  onLater: () => void;
  onUpdateNow: () => void;
}

/**
 * A new version: the banner "A new version is available!" at the top of the content and a second
 * card saying the same, both with Later and Update Now — one at a time. The banner is the offer;
 * the card stands in for it only while the banner is scrolled out of sight (on a phone banners
 * scroll away with the page), so two prompts never ask the same thing at once. Update Now is
 * skip-waiting then reload (the PWA layer does both); Later puts both away.
 */
export function UpdateNotices({ updateAvailable, onLater, onUpdateNow }: UpdateNoticesProps) {
  const [banner, setBanner] = useState<HTMLDivElement | null>(null);
  const bannerInView = useInView(banner);
  if (!updateAvailable) return null;
  return (
    <>
      <div ref={setBanner} className="banner banner--update" role="status" aria-live="polite">
        <Icon name="refresh" />
        <p className="banner__body">
          <strong>A new version is available!</strong>
        </p>
        <div className="banner__actions">
          <button type="button" className="button" onClick={onLater}>
            Later
          </button>
          <button type="button" className="button button--primary" onClick={onUpdateNow}>
            Update Now
          </button>
        </div>
      </div>
      {bannerInView ? null : (
        <aside className="update-card" aria-labelledby="update-card-title">
          <h2 id="update-card-title" className="update-card__title">
            Update available
          </h2>
          <p className="update-card__text">
            An update is available. Updating reloads the app; your stored forecasts and settings
            stay on this device.
          </p>
          <div className="banner__actions">
            <button type="button" className="button" onClick={onLater}>
              Later
            </button>
            <button type="button" className="button button--primary" onClick={onUpdateNow}>
              Update Now
            </button>
          </div>
        </aside>
      )}
    </>
  );
}
