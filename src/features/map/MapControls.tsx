import type { CloudLayer } from '../../../core/clouds/cloudTiles.ts';
import type { MapStyleName } from './olmap/palette.ts';
import type { Hemisphere, MapViewKind } from './projections.ts';

export interface MapControlsProps {
  view: MapViewKind;
  hemisphere: Hemisphere;
  mapStyle: MapStyleName;
  showAurora: boolean;
  showClouds: boolean;
  /** Which cloud is drawn: all of it, or one deck (low clouds hide the sky most; high, thin ones least). */
  cloudLayer: CloudLayer;
  onView: (v: MapViewKind) => void;
  onHemisphere: (h: Hemisphere) => void;
  onMapStyle: (s: MapStyleName) => void;
  onShowAurora: (b: boolean) => void;
  onShowClouds: (b: boolean) => void;
  onCloudLayer: (l: CloudLayer) => void;
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabledNote,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  disabledNote?: string;
}) {
  return (
    <fieldset className="map-choice" disabled={disabledNote !== undefined}>
      <legend className="map-choice__legend">{legend}</legend>
      <div className="map-choice__options">
        {options.map((o) => (
          <label key={o.value} className="map-choice__option">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {disabledNote && <p className="map-choice__note">{disabledNote}</p>}
    </fieldset>
  );
}

/** View, hemisphere, style and layer switches: plain labelled form controls, so keyboards and screen readers work. */
export function MapControls(props: MapControlsProps) {
  return (
    <section className="map-panel map-controls" aria-labelledby="map-controls-title">
      <h2 id="map-controls-title" className="map-panel__title">
        Map options
      </h2>
      <Choice
        legend="View"
        name="map-view"
        value={props.view}
        options={[
          { value: 'flat', label: 'Flat' },
          { value: '3d', label: 'Globe' },
        ]}
        onChange={props.onView}
      />
      <Choice
        legend="Hemisphere"
        name="map-hemisphere"
        value={props.hemisphere}
        options={[
          { value: 'north', label: 'North' },
          { value: 'south', label: 'South' },
        ]}
        onChange={props.onHemisphere}
        disabledNote={props.view === 'flat' ? 'The flat map shows both hemispheres.' : undefined}
      />
      <Choice
        legend="Style"
        name="map-style"
        value={props.mapStyle}
        options={[
          { value: 'dark', label: 'Dark' },
          { value: 'light', label: 'Light' },
        ]}
        onChange={props.onMapStyle}
      />
      <fieldset className="map-choice">
        <legend className="map-choice__legend">Layers</legend>
        <label className="map-check">
          <input
            type="checkbox"
            checked={props.showAurora}
            onChange={(e) => props.onShowAurora(e.currentTarget.checked)}
          />
          <span>Aurora forecast</span>
        </label>
        <label className="map-check">
          <input
            type="checkbox"
            checked={props.showClouds}
            onChange={(e) => props.onShowClouds(e.currentTarget.checked)}
          />
          <span>Cloud cover</span>
        </label>
      </fieldset>
      <Choice
        legend="Clouds shown"
        name="map-cloud-layer"
        value={props.cloudLayer}
        options={[
          { value: 'total', label: 'All' },
          { value: 'low', label: 'Low' },
          { value: 'medium', label: 'Middle' },
          { value: 'high', label: 'High' },
        ]}
        onChange={props.onCloudLayer}
        disabledNote={props.showClouds ? undefined : 'Switch on Cloud cover to choose.'}
      />
    </section>
  );
}
