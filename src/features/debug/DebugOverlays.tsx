import { useState } from 'react';
import { AdSettingsDashboard } from './AdSettingsDashboard.tsx';
import { ApiStatusIndicator } from './ApiStatusIndicator.tsx';
import { CacheDebugger } from './CacheDebugger.tsx';
import { PerformanceDashboard } from './PerformanceDashboard.tsx';
import { ResourceMonitor } from './ResourceMonitor.tsx';
import './debug.css';

type PanelId = 'sw' | 'perf' | 'resources' | 'api' | 'ads';

const PANELS: { id: PanelId; label: string }[] = [
  { id: 'sw', label: 'SW & Cache' },
  { id: 'perf', label: 'Performance' },
  { id: 'resources', label: 'Resources' },
  { id: 'api', label: 'API' },
  { id: 'ads', label: 'Ads' },
];

/**
 * The debug overlays (cache debugger, performance dashboard, resource monitor, API status,
 * ad settings), shown only in debug mode (the shell decides). A dock of toggles
 * keeps them out of the way; the API indicator is always on, so a dead backend is seen at once.
 * The resource monitor stays mounted so monitoring runs from load, not from the first click.
 */
export function DebugOverlays() {
  const [open, setOpen] = useState<PanelId | null>(null);
  return (
    <div className="debug-overlays" aria-label="Debug tools">
      <div
        className="debug-drawer"
        role="dialog"
        aria-label={PANELS.find((p) => p.id === open)?.label}
        hidden={open === null}
      >
        <button
          type="button"
          className="debug-close"
          onClick={() => setOpen(null)}
          aria-label="Close debug panel"
        >
          ×
        </button>
        {open === 'sw' ? <CacheDebugger /> : null}
        {open === 'perf' ? <PerformanceDashboard /> : null}
        {open === 'api' ? <ApiStatusIndicator expanded /> : null}
        {open === 'ads' ? <AdSettingsDashboard /> : null}
        <div hidden={open !== 'resources'}>
          <ResourceMonitor />
        </div>
      </div>
      <div className="debug-dock">
        {open !== 'api' ? (
          <button
            type="button"
            className="debug-pill"
            onClick={() => setOpen('api')}
            aria-label="API status"
          >
            <ApiStatusIndicator expanded={false} />
          </button>
        ) : null}
        {PANELS.filter((p) => p.id !== 'api').map((p) => (
          <button
            key={p.id}
            type="button"
            className={open === p.id ? 'debug-tab debug-tab--active' : 'debug-tab'}
            aria-pressed={open === p.id}
            onClick={() => setOpen(open === p.id ? null : p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
    </div>
  );
}
