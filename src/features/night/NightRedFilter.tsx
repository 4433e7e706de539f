/**
 * The red channel pictures are drawn through in night mode: an SVG feColorMatrix that turns each
 * pixel's luminance (Rec. 709 weights, in sRGB as the pixels are stored) into red alone, scaled by
 * the brightness, with red-orange's 7 % of green. night.css applies it to pictures only —
 * canvases (map, charts, starfield), SDO images and colour-ramp swatches — never to the UI, which
 * is themed by its tokens.
 */
import { nightFilterMatrix } from './nightMode.ts';
import { useNightMode } from './useNightMode.ts';

const NIGHT_FILTER_ID = 'aurora-night-red';

export function NightRedFilter() {
  const mode = useNightMode();
  if (!mode.on) return null;
  return (
    <svg className="night-filter" width="0" height="0" aria-hidden="true" focusable="false">
      <filter id={NIGHT_FILTER_ID} colorInterpolationFilters="sRGB">
        <feColorMatrix type="matrix" values={nightFilterMatrix(mode)} />
      </filter>
    </svg>
  );
}
