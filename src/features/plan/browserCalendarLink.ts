import { authConfig } from '../../auth/config.ts';
import type { CalendarLinkDeps } from './calendarLink.ts';

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The page's calendar-link calls: the backend's fetch with the user's JWT, loaded on first use
 * (supabase-js is not needed to paint `/`), and this browser's localStorage.
 */
export function browserCalendarLinkDeps(): CalendarLinkDeps {
  return {
    fetch: async (url, init) => {
      const { backendFetch } = await import('../../auth/supabaseClient.ts');
      return backendFetch(url, init);
    },
    functionsBase: authConfig().functionsBase,
    storage: safeLocalStorage(),
  };
}
