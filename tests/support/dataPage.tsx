import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuroraDatabase } from '../../sync/database.ts';
import { DatabaseProvider } from '../../sync/react/index.ts';

/** Renders a screen as the app does: on a local database, inside a router. */
export function renderOnDatabase(database: AuroraDatabase, page: ReactNode) {
  return render(
    <DatabaseProvider database={database}>
      <MemoryRouter>{page}</MemoryRouter>
    </DatabaseProvider>,
  );
}
