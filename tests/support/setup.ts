/**
 * The one vitest setup file (vitest.config.ts `setupFiles`), run before every unit and
 * integration test file.
 *
 * React trees rendered by a jsdom test (`// @vitest-environment jsdom`) are unmounted after each
 * test. Testing Library's own automatic cleanup needs vitest's globals, which this project does not
 * turn on. Node-environment files never load React's DOM renderer for this. A test that disposes a
 * database after a render calls `cleanup()` itself first, in its own `afterEach`: vitest runs a
 * file's hooks before this file's, and a mounted tree must not outlive its database.
 */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
