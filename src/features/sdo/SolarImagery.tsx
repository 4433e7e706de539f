import { EmptyState } from '../../ui/EmptyState.tsx';

/** The latest SDO images, one per channel. */
export function SolarImagery() {
  return (
    <section className="panel" aria-labelledby="sdo-title">
      <h2 id="sdo-title" className="panel__title">Latest images from the Solar Dynamics Observatory</h2>
      <EmptyState title="No solar images stored yet — they appear after the first successful update." />
    </section>
  );
}
