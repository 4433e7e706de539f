import { useRoutes } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The route table (routes.tsx), rendered by whichever router is around it: BrowserRouter in the
 * app, MemoryRouter in tests. Declarative routing, not the data router: no screen uses loaders,
 * actions or fetchers, and the data router's extra code cost about 16 KB gzip on `/`.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
