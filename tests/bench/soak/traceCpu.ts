/**
 * CPU seconds per renderer thread from a Chromium trace (`toplevel` category): the sum of the
 * thread durations (`tdur`, µs; wall `dur` where the thread clock is missing) of the top-level
 * task events (`ThreadControllerImpl::RunTask`), by thread name (`CrRendererMain`, `DedicatedWorker thread`, …).
 */
/** A top-level task as Chromium names it in the trace (older builds: `RunTask`). */
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export function cpuSecondsByThread(traceJson: string): Record<string, number> {
  const parsed = JSON.parse(traceJson) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
      names.set(`${e.pid}:${e.tid}`, e.args.name.replace(/ thread$/, ''));
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== 'X' || !TASKS.has(e.name)) continue;
    const name = names.get(`${e.pid}:${e.tid}`) ?? `thread ${e.tid}`;
    out[name] = (out[name] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1e6;
  }
  return out;
}
