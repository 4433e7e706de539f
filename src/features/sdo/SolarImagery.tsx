import { useCallback } from 'react';
import { useProduct, useFeedStatus } from '../../../sync/react/index.ts';
import type { SdoImagesData } from '../../../core/normalise/index.ts';
import { formatTime } from '../../lib/format.ts';
import { useClock } from '../../lib/useClock.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FeedAge } from '../../ui/FeedAge.tsx';
import { nextWholeMinute, useNow } from '../../ui/useNow.ts';
import { ageTextChangesAt } from '../../../core/time/formatAge.ts';
import { useProductsShown } from '../../lib/useProductsShown.ts';
import { SdoFrame } from './SdoFrame.tsx';
// Data-screen styles travel with the data screens' chunks, not the shell.
import '../../styles/data.css';

const CHANNEL_NOTES: Record<string, string> = {
  '0171': 'Quiet corona and coronal loops',
  '0193': 'Corona and hot flare plasma; coronal holes show dark',
  '0211': 'Active regions; coronal holes show dark',
  '0304': 'Chromosphere and filaments',
  '0131': 'The hottest flaring regions',
  '1600': 'Upper photosphere',
  HMIB: 'Magnetic field: white and black are opposite polarities',
  HMIIC: 'Visible light: sunspots',
};

const SHOWN = ['sdo-images'] as const;

function newestTime(images: readonly { time: number | null }[]): number | null {
  const times = images.map((i) => i.time).filter((t): t is number => t !== null);
  return times.length > 0 ? Math.max(...times) : null;
}

/** The latest SDO images, one per channel; their URLs and times come from the local database. */
export function SolarImagery() {
  // On Save-Data or 2g the poller fetches the picture list only once this screen asks.
  useProductsShown(SHOWN);
  const clock = useClock();
  const product = useProduct<SdoImagesData>('sdo-images');
  const images = product.data?.data.images ?? [];
  // The pictures' own newest time, never the list's fetch: with no picture kept (every tile then
  // says "No image saved yet") the list was still fetched a minute ago, and that is not the data's
  // age. Null when no picture has a time: the header then says "age unknown", as the feed table does.
  const newestPicture = newestTime(images);
  // SDO's pictures are stamped to the second: the age moves when the picture's own minute turns.
  const ageChanges = useCallback(
    (t: number) => ageTextChangesAt(newestPicture ?? Number.NaN, t),
    [newestPicture],
  );
  const now = useNow(newestPicture === null ? nextWholeMinute : ageChanges);
  const feed = useFeedStatus('sdo-images', now);
  return (
    <section className="panel" aria-labelledby="sdo-title">
      <div className="panel__head">
        <h2 id="sdo-title" className="panel__title">
          Latest images from the Solar Dynamics Observatory
        </h2>
        <FeedAge status={feed.data} now={now} dataTime={newestPicture} label="newest picture" />
      </div>
      {images.length > 0 ? (
        <ul className="sdo-grid">
          {images.map((image) => (
            <li key={image.channel} className="sdo-card">
              {/* Keyed by the image time: a picture that failed (none saved yet) is tried again once an update lists a new one. */}
              <SdoFrame key={image.time ?? 'unknown'} url={image.url} label={image.label} />
              <p className="sdo-card__label">{image.label}</p>
              <p className="sdo-card__note muted">{CHANNEL_NOTES[image.channel] ?? ''}</p>
              <p className="sdo-card__time muted">
                {image.time !== null ? formatTime(image.time, clock) : 'time not known'}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          title={
            product.isLoading
              ? 'Reading stored images…'
              : 'No solar images stored yet — they appear after the first successful update.'
          }
        >
          <p>
            Images show once the app has been online; offline, the ones already viewed stay cached.
          </p>
        </EmptyState>
      )}
    </section>
  );
}
