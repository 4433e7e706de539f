import { BrowserRouter } from 'react-router';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';

/** The app: who is signed in, around the router of every route. */
export function App() {
  return (
    <AuthProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AuthProvider>
  );
}
