import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startDataServices } from './app/dataServices.ts';
import { registerServiceWorker } from './pwa/registerServiceWorker.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';

// The root holds the build's prerendered shell (scripts/vite/prerenderShell.tsx). createRoot, not
// hydrateRoot: the header's auth state and the sidebar's stored width differ per visitor, so the
// markup cannot match; React replaces it at its first commit, and until then it stays painted.
const root = document.getElementById('root');
// As a transition, the first render is time-sliced (React yields every few ms): with the shell
// already painted, one long render task would only block a tap on the prerendered navigation.
if (root) {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
registerServiceWorker();
startDataServices();
