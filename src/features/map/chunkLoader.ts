/**
 * The one way the map page loads its chunks (the page itself, OpenLayers' map, the layers after the
 * oval, tonight's verdict, the clouds' code, the panels below the map): each chunk is fetched
 * once and its promise shared by every caller; a failed fetch (a dropped connection on a phone) is
 * asked for once more before the failure is given, and a later call tries afresh.
 */
import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';

export interface ChunkLoader<T> {
  /** The chunk's module once it has arrived, else null: a later mount renders it at once. */
  loaded(): T | null;
  /** The chunk: one fetch shared by every caller, tried twice before it fails. */
  load(): Promise<T>;
}

/** `importer` is the `import()` call (or several, together); it runs again only after a failure. */
export function chunkLoader<T>(importer: () => Promise<T>): ChunkLoader<T> {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    loaded: () => module,
    load() {
      pending ??= importer()
        .catch(() => importer())
        .then(
          (m) => (module = m),
          (error: unknown) => {
            pending = null;
            throw error;
          },
        );
      return pending;
    },
  };
}

/**
 * A chunk's module in a component, asked for once `wanted`: null while it loads (or before it is
 * wanted), `error` once both tries failed. Not React.lazy + Suspense for what the page shows at
 * once: React holds back revealing a suspended boundary for up to 300 ms after its fallback.
 */
export function useChunk<T>(
  chunk: ChunkLoader<T>,
  wanted = true,
): { module: T | null; error: string | null } {
  const [state, setState] = useState<{ module: T | null; error: string | null }>(() => ({
    module: chunk.loaded(),
    error: null,
  }));
  useEffect(() => {
    if (!wanted || state.module) return;
    let live = true;
    chunk.load().then(
      // A transition: the component the chunk brings (the whole map page, OpenLayers' map) renders
      // time-sliced, not as one task that cannot yield; a failure shows at once.
      (module) => live && startTransition(() => setState({ module, error: null })),
      (e: unknown) =>
        live && setState({ module: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [chunk, wanted, state.module]);
  return state;
}

/** React.lazy over a chunk loader, for panels that may wait behind a Suspense boundary. */
// `any` props as in React.lazy's own signature: a component class with typed props is not a
// ComponentType<never> (its getDerivedStateFromProps reads them).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyChunk<C extends ComponentType<any>>(importer: () => Promise<{ default: C }>) {
  return lazy(chunkLoader(importer).load);
}
