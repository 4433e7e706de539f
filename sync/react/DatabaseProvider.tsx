import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import type { AuroraDatabase } from '../database.ts';
import { getPageDatabase } from '../pageDatabase.ts';

/**
 * Which database the hooks read. Without a provider they use the page singleton (`getPageDatabase()`, loaded on demand);
 * tests (and the debug pages) wrap components in `<DatabaseProvider database={memoryDb}>`.
 */
const DatabaseContext = createContext<AuroraDatabase | Promise<AuroraDatabase> | null>(null);

export function DatabaseProvider(props: {
  database: AuroraDatabase | Promise<AuroraDatabase>;
  children: ReactNode;
}) {
  return (
    <DatabaseContext.Provider value={props.database}>{props.children}</DatabaseContext.Provider>
  );
}

export interface DatabaseState {
  db: AuroraDatabase | null;
  error: Error | null;
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** The database a provider hands out (null without one: the page's own). */
export function useProvidedDatabase(): AuroraDatabase | Promise<AuroraDatabase> | null {
  return useContext(DatabaseContext);
}

/** The database once it is open (null while opening), or the error that prevented opening it. */
export function useDatabase(): DatabaseState {
  const provided = useContext(DatabaseContext);
  const immediate = provided && !(provided instanceof Promise) ? provided : null;
  const [state, setState] = useState<DatabaseState>({ db: immediate, error: null });
  useEffect(() => {
    if (immediate) {
      setState((s) => (s.db === immediate ? s : { db: immediate, error: null }));
      return;
    }
    let live = true;
    const pending = provided instanceof Promise ? provided : getPageDatabase();
    pending.then(
      // A transition: when the database opens, every hook reading it re-renders its screen at
      // once; time-sliced, that is short tasks instead of one long one (a failure shows at once).
      (db) => live && startTransition(() => setState({ db, error: null })),
      (e: unknown) => live && setState({ db: null, error: toError(e) }),
    );
    return () => {
      live = false;
    };
  }, [provided, immediate]);
  return state;
}

/**
 * The database for a write, waiting for it to open: a choice made before the page's first read
 * answered (a quick tap on "Show my location") is saved once the database is open, instead of
 * failing with "not open yet" and being lost — the worker would then never learn the place.
 */
export function useOpenDatabase(): () => Promise<AuroraDatabase> {
  const provided = useContext(DatabaseContext);
  return useCallback(
    () => (provided === null ? getPageDatabase() : Promise.resolve(provided)),
    [provided],
  );
}
