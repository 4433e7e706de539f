import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { routes } from './app/routes.tsx';

const router = createBrowserRouter(routes);

/** The app: who is signed in, around the router of spec §2. */
export function App() {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
