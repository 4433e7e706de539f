import { Icon } from '../../ui/Icon.tsx';

export interface UpdateNoticesProps {
  updateAvailable: boolean;
  onLater: () => void;
  onUpdateNow: () => void;
}

/**
 * A new version: a banner "A new version is available!" and a second card saying the same, both with
 * Later and Update Now. Update Now is skip-waiting then reload (the PWA layer does both).
 */
export function UpdateNotices({ updateAvailable, onLater, onUpdateNow }: UpdateNoticesProps) {
  if (!updateAvailable) return null;
  return (
    <>
      <div className="banner banner--update" role="status" aria-live="polite">
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
      <aside className="update-card" aria-labelledby="update-card-title">
        <h2 id="update-card-title" className="update-card__title">
          Update available
        </h2>
        <p className="update-card__text">
          An update is available. Updating reloads the app; your stored forecasts and settings stay
          on this device.
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
    </>
  );
}
