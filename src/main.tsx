import { StrictMode, startTransition } from 'react';
import { createRoot } from './reactRuntime.ts';
import { App } from './App.tsx';
import { startDataServices } from './app/dataServices.ts';
import { registerServiceWorker } from './pwa/registerServiceWorker.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import './styles/night.css';

// The root holds the build's prerendered shell (scripts/vite/prerenderShell.tsx). createRoot, not
// hydrateRoot: the header's auth state and the sidebar's stored width differ per visitor, so the
// markup cannot match; React replaces it at its first commit, and until then it stays painted.
const root = document.getElementById('root');
// As a transition, the first render is time-sliced (React yields every few ms): with the shell
// already painted, one long render task would only block a tap on the prerendered navigation.
// The root and its first render start in a task of their own, and the services in another: each
// step of the boot stays a short task on a phone (the entry's evaluation with the render's start
// and React's event wiring made one long task).
if (root) {
  setTimeout(() => {
    const reactRoot = createRoot(root);
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}
setTimeout(() => {
  registerServiceWorker();
  startDataServices();
});
