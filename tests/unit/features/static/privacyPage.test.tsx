// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import PrivacyPage from '../../../../src/features/static/PrivacyPage.tsx';

const migration = readFileSync(
  join(process.cwd(), 'supabase/migrations/20261128002500_alert_rules.sql'),
  'utf8',
);

describe('/privacy on alerts for a place', () => {
  it('says a place is kept only for "likely visible" alerts, rounded to 0.1°, as the alert_rules table keeps it', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/position\s+rounded to 0\.1° \(about 11 km\), never finer/);
    expect(text).toMatch(/only for this kind of alert and only while it is on/);
    expect(text).toMatch(/Kp alerts need no place, so none is stored/);
    expect(screen.queryByText(/Aurora does not send your location to our servers\.$/)).toBeNull();
    // What the page promises is what the schema enforces: one decimal, and no place for Kp rules.
    expect(migration).toMatch(/place_lat numeric\(3, 1\)/);
    expect(migration).toMatch(/place_lon numeric\(4, 1\)/);
    expect(migration).toMatch(
      /kind = 'kp' and place_name is null and place_lat is null and place_lon is null/,
    );
  });
});
