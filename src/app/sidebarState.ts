import { useCallback, useEffect, useState } from 'react';
import { readFlag, writeFlag } from '../lib/storage.ts';

/** The sidebar's open/closed choice is kept under this key and announced through this window event. */
const SIDEBAR_STORAGE_KEY = 'sidebarCollapsed';
export const SIDEBAR_EVENT = 'sidebar-state';

interface SidebarStateDetail {
  collapsed: boolean;
}

function readSidebarCollapsed(): boolean {
  return readFlag(SIDEBAR_STORAGE_KEY) === 'true';
}

/** Stores the choice and tells the footer (and anyone else) through `sidebar-state`. */
function setSidebarCollapsed(collapsed: boolean): void {
  writeFlag(SIDEBAR_STORAGE_KEY, String(collapsed));
  window.dispatchEvent(
    new CustomEvent<SidebarStateDetail>(SIDEBAR_EVENT, { detail: { collapsed } }),
  );
}

/** The sidebar's own state: read once from storage, written and announced on every toggle. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const toggle = useCallback(() => {
    const next = !collapsed;
    setCollapsed(next);
    setSidebarCollapsed(next);
  }, [collapsed]);
  return [collapsed, toggle];
}

/** What the footer follows: the stored value first, then every `sidebar-state` event. */
export function useSidebarStateEvent(): boolean {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  useEffect(() => {
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<SidebarStateDetail>).detail;
      if (detail && typeof detail.collapsed === 'boolean') setCollapsed(detail.collapsed);
    };
    window.addEventListener(SIDEBAR_EVENT, onState);
    return () => window.removeEventListener(SIDEBAR_EVENT, onState);
  }, []);
  return collapsed;
}
