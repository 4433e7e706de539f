/**
 * After sunset at the user's place, one quiet offer to switch to red light: asked once per device
 * (either answer is remembered), never switched on without a tap.
 */
import { useState } from 'react';
import { readFlag, writeFlag } from '../../lib/storage.ts';
import { NIGHT_OFFER_KEY } from '../../../core/boot/nightKeys.ts';
import { setNightMode } from './nightMode.ts';
import { shouldOfferNightMode } from './nightOffer.ts';
import { useNightMode } from './useNightMode.ts';

export function NightModeOffer({
  place,
  placeName,
  now,
}: {
  place: { lat: number; lon: number } | null;
  placeName: string;
  now: number;
}) {
  const mode = useNightMode();
  const [answered, setAnswered] = useState(() => readFlag(NIGHT_OFFER_KEY) !== null);
  if (!shouldOfferNightMode({ on: mode.on, answered, place, now })) return null;
  const answer = (value: 'yes' | 'no') => {
    writeFlag(NIGHT_OFFER_KEY, value);
    setAnswered(true);
    if (value === 'yes') setNightMode({ on: true });
  };
  return (
    <div className="night-offer" role="region" aria-label="Night mode" data-testid="night-offer">
      <p className="night-offer__text">
        The Sun has set at {placeName}. Switch to red light to keep your eyes used to the dark?
      </p>
      <div className="night-offer__actions">
        <button type="button" className="button button--primary" onClick={() => answer('yes')}>
          Red light
        </button>
        <button type="button" className="button" onClick={() => answer('no')}>
          Not now
        </button>
      </div>
    </div>
  );
}
