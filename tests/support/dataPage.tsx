import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuroraDatabase } from '../../sync/database.ts';
import type { FeedStatus } from '../../core/model.ts';
import { DatabaseProvider } from '../../sync/react/index.ts';

/** Renders a screen as the app does: on a local database, inside a router. */
export function renderOnDatabase(database: AuroraDatabase, page: ReactNode) {
  return render(
    <DatabaseProvider database={database}>
      <MemoryRouter>{page}</MemoryRouter>
    </DatabaseProvider>,
  );
}

/** A feed row as the poller writes it after a good poll just now; `patch` changes what a test needs. */
export function feedStatus(id: FeedStatus['id'], patch: Partial<FeedStatus> = {}): FeedStatus {
  const now = Date.now();
  return {
    id,
    lastAttempt: now,
    lastSuccess: now,
    dataTime: now,
    etag: null,
    lastModified: null,
    state: 'fresh',
    error: null,
    schemaDrift: false,
    replay: false,
    ...patch,
  };
}
