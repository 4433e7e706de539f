/**
 * Where a target's heap grew during the soak: two V8 heap snapshots (CDP
 * `HeapProfiler.takeHeapSnapshot`, the format DevTools reads: a flat `nodes` array described by
 * `snapshot.meta.node_fields`, names in `strings`), summed by what DevTools' Summary view calls the
 * constructor (an object's class name, else the node type: "(string)", "(array)", "(code)"…), and
 * the groups that grew the most, with their largest new members' first retainer (the edge that holds
 * them). The bench prints them on stderr, so a heap figure comes with where the bytes went.
 */
import type { TargetSession } from './targets.ts';

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapGroups {
  /** Self bytes and counts per group. */
  bytes: Map<string, number>;
  counts: Map<string, number>;
  /** Per group, a few of its largest nodes' holders ("Holder.edge"). */
  holders: Map<string, Map<string, number>>;
}

/** Groups a snapshot's nodes as DevTools' Summary does (by constructor), with who holds the big ones. */
export function groupSnapshot(json: string): HeapGroups {
  const raw = JSON.parse(json) as RawSnapshot;
  const nf = raw.snapshot.meta.node_fields;
  const ef = raw.snapshot.meta.edge_fields;
  const nodeTypes = raw.snapshot.meta.node_types[0];
  const edgeTypes = raw.snapshot.meta.edge_types[0];
  const N = nf.length;
  const E = ef.length;
  const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
    nf.indexOf(f),
  ) as [number, number, number, number];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const { nodes, edges, strings } = raw;
  const count = nodes.length / N;
  const groupOf = (n: number): string => {
    const type = nodeTypes[nodes[n * N + iType]!]!;
    const name = strings[nodes[n * N + iName]!]!;
    if (type === 'object' || type === 'native' || type === 'closure') return name || `(${type})`;
    if (type === 'hidden' || type === 'synthetic') return `(${type}) ${name}`.slice(0, 60);
    return `(${type})`;
  };
  // The first non-weak edge into each node: enough to say what holds a big string or array.
  const holder = new Int32Array(count).fill(-1);
  const holderEdge = new Int32Array(count).fill(-1);
  let e = 0;
  for (let n = 0; n < count; n++) {
    const k = nodes[n * N + iEdges]!;
    for (let j = 0; j < k; j++, e += E) {
      const to = edges[e + eTo]! / N;
      if (holder[to] === -1 && edgeTypes[edges[e + eType]!] !== 'weak') {
        holder[to] = n;
        holderEdge[to] = e;
      }
    }
  }
  const bytes = new Map<string, number>();
  const counts = new Map<string, number>();
  const holders = new Map<string, Map<string, number>>();
  for (let n = 0; n < count; n++) {
    const g = groupOf(n);
    const size = nodes[n * N + iSize]!;
    bytes.set(g, (bytes.get(g) ?? 0) + size);
    counts.set(g, (counts.get(g) ?? 0) + 1);
    // Big members only: who holds them is what the note needs.
    if (size >= 4096 && holder[n]! >= 0) {
      const h = holder[n]!;
      const edge = holderEdge[n]!;
      const edgeName =
        edgeTypes[edges[edge + eType]!] === 'element'
          ? `[${edges[edge + eName]}]`
          : strings[edges[edge + eName]!];
      // Up to three holders up: "Map > Object > Object.values" names the structure that keeps them.
      let path = `${groupOf(h)}.${edgeName}`;
      for (let up = holder[h]!, k = 0; up >= 0 && k < 3; up = holder[up]!, k++)
        path = `${groupOf(up)} > ${path}`;
      const key = path;
      const byHolder = holders.get(g) ?? new Map<string, number>();
      byHolder.set(key, (byHolder.get(key) ?? 0) + size);
      holders.set(g, byHolder);
    }
  }
  return { bytes, counts, holders };
}

/** The `k` groups that grew the most from `a` to `b`, as lines for stderr. */
export function topGrowers(a: HeapGroups, b: HeapGroups, k: number): string[] {
  const rows = [...b.bytes].map(([g, size]) => ({
    g,
    grew: size - (a.bytes.get(g) ?? 0),
    n: (b.counts.get(g) ?? 0) - (a.counts.get(g) ?? 0),
  }));
  rows.sort((x, y) => y.grew - x.grew);
  return rows.slice(0, k).map(({ g, grew, n }) => {
    const held = [...(b.holders.get(g) ?? new Map<string, number>())]
      .map(([h, size]) => [h, size - (a.holders.get(g)?.get(h) ?? 0)] as const)
      .filter(([, d]) => d > 0)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 2)
      .map(([h, d]) => `${(d / 1e6).toFixed(2)} MB via ${h}`)
      .join('; ');
    return `${(grew / 1e6).toFixed(2).padStart(6)} MB ${String(n).padStart(7)} × ${g.slice(0, 70)}${held ? `  (${held})` : ''}`;
  });
}

/**
 * A heap snapshot of one target, as its JSON text. Its chunks arrive as
 * `HeapProfiler.addHeapSnapshotChunk` events, handed to `onEvent` listeners by the session.
 */
export async function takeSnapshot(t: TargetSession): Promise<string> {
  const chunks: string[] = [];
  const off = t.on('HeapProfiler.addHeapSnapshotChunk', (p) =>
    chunks.push((p as { chunk: string }).chunk),
  );
  try {
    await t.send('HeapProfiler.enable');
    await t.send('HeapProfiler.collectGarbage');
    await t.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    off();
  }
  return chunks.join('');
}
