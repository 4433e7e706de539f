import { legendColoursText } from '../map/legendColours.ts';

/** The night-out checklist at the top of /guide; the map's colours are worded as its legend words them. */
export const CHECKLIST = [
  {
    title: 'Activity',
    text: `Your location under or near the oval on the Aurora Map, or Kp at your latitude’s threshold. The oval’s colour is the chance of aurora overhead: ${legendColoursText()}.`,
    to: '/',
  },
  {
    title: 'Darkness',
    text: 'At least an hour after sunset, away from street lights, and not under the midnight sun.',
    to: null,
  },
  {
    title: 'Clear sky',
    text: 'Gaps in the cloud forecast are enough; switch on the cloud layer on the map.',
    to: null,
  },
  {
    title: 'Bz south',
    text: 'On Live Aurora Feeds, Bz below zero for 15–30 minutes often comes before a burst of activity.',
    to: '/live-feeds',
  },
] as const;
