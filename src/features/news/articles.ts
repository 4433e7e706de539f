/// <reference types="vite/client" />
// (The reference types the `?raw` imports under every tsconfig that reaches this file.)
import auroraViewingTutorial from './articles/aurora-viewing-tutorial.md?raw';
import understandingForecasts from './articles/understanding-aurora-forecasts-kp-index.md?raw';
import solarWindBz from './articles/solar-wind-bz-explained.md?raw';
import photographing from './articles/photographing-the-aurora.md?raw';
import solarCycle25 from './articles/solar-cycle-25-maximum.md?raw';
import may2024Storm from './articles/may-2024-g5-storm.md?raw';
import scales from './articles/noaa-space-weather-scales.md?raw';

/**
 * The written content: news pieces and guides, authored as Markdown beside this file and
 * bundled into the news chunk, so every article opens offline once the app is cached.
 */
type ArticleCategory = 'guide' | 'news';

export interface Article {
  slug: string;
  title: string;
  summary: string;
  category: ArticleCategory;
  /** ISO date (UTC) of publication. */
  published: string;
  readMinutes: number;
  markdown: string;
}

function minutesToRead(markdown: string): number {
  return Math.max(1, Math.round(markdown.split(/\s+/).length / 220));
}

function article(meta: Omit<Article, 'readMinutes'>): Article {
  return { ...meta, readMinutes: minutesToRead(meta.markdown) };
}

/** Newest first. */
export const ARTICLES: readonly Article[] = [
  article({
    slug: 'understanding-aurora-forecasts-kp-index',
    title: 'Understanding Aurora Forecasts and the Kp Index',
    summary:
      'What Kp, the G scale, the 3-day forecast and the OVATION oval each tell you — and what they cannot.',
    category: 'guide',
    published: '2026-10-02',
    markdown: understandingForecasts,
  }),
  article({
    slug: 'aurora-viewing-tutorial',
    title: 'How to See the Aurora: A Step-by-Step Tutorial',
    summary:
      'Activity, darkness and clear skies: plan a night out, read the map, and know where to look.',
    category: 'guide',
    published: '2026-09-18',
    markdown: auroraViewingTutorial,
  }),
  article({
    slug: 'solar-cycle-25-maximum',
    title: 'Solar Cycle 25 Has Peaked: Why Aurora Season Is Not Over',
    summary:
      'The Sun reached the maximum of its 11-year cycle in 2024. The declining years can bring some of the best storms.',
    category: 'news',
    published: '2026-09-04',
    markdown: solarCycle25,
  }),
  article({
    slug: 'solar-wind-bz-explained',
    title: 'Solar Wind and Bz: The Switch That Turns the Aurora On',
    summary: 'Speed, density, Bt and Bz from the L1 spacecraft, and how to read them in real time.',
    category: 'guide',
    published: '2026-08-21',
    markdown: solarWindBz,
  }),
  article({
    slug: 'noaa-space-weather-scales',
    title: "Reading NOAA's Space Weather Scales: G, S and R",
    summary:
      'What "G3 watch" or "R2 alert" means, and which of the three scales matters for aurora.',
    category: 'news',
    published: '2026-08-07',
    markdown: scales,
  }),
  article({
    slug: 'photographing-the-aurora',
    title: 'Photographing the Aurora with a Phone or Camera',
    summary:
      'Settings that work, how to focus in the dark, and how to keep batteries alive in the cold.',
    category: 'guide',
    published: '2026-07-24',
    markdown: photographing,
  }),
  article({
    slug: 'may-2024-g5-storm',
    title: 'Looking Back at the May 2024 G5 Storm',
    summary:
      'The first extreme geomagnetic storm since 2003 put the aurora over most of Europe and North America.',
    category: 'news',
    published: '2026-07-10',
    markdown: may2024Storm,
  }),
];

export function findArticle(slug: string | undefined): Article | null {
  return ARTICLES.find((a) => a.slug === slug) ?? null;
}

export function formatPublished(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
