/**
 * The map's few shapes — the night side and the terminator line, the globe's disc, the user's
 * marker — each as an image layer painted onto a canvas (paintedSource.ts says why not OpenLayers'
 * vector layers). The layer hooks set the projected shapes, `styleLayers` (mapLayers.ts) the
 * colours; either replaces what is painted and repaints it.
 */
import type { Extent } from 'ol/extent.js';
import type ImageLayer from 'ol/layer/Image.js';
import { PaintedSource, tracePolygon, type ProjectedPolygon } from './paintedSource.ts';

/** A line's points in the view projection's coordinates. */
export type ProjectedLine = readonly (readonly number[])[];

export interface Shapes {
  /** Filled, and outlined when the style says so. */
  areas: readonly ProjectedPolygon[];
  /** Stroked. */
  lines: readonly ProjectedLine[];
  /** A marker each. */
  points: readonly (readonly number[])[];
}

/** Colours and widths (CSS pixels), as OpenLayers' Fill, Stroke and Circle styles had them. */
export interface ShapesStyle {
  areaFill?: string;
  areaStroke?: { colour: string; width: number };
  line?: { colour: string; width: number; dash?: readonly number[] };
  marker?: { radius: number; fill: string; stroke: string; width: number };
}

interface ShapesPaint {
  shapes: Shapes;
  style: ShapesStyle;
}

export const NO_SHAPES: Shapes = { areas: [], lines: [], points: [] };

function paintShapes(
  ctx: CanvasRenderingContext2D,
  { shapes, style }: ShapesPaint,
  extent: Extent,
  scale: number,
  pixelRatio: number,
): void {
  const x0 = extent[0]!;
  const y0 = extent[3]!;
  // OpenLayers' stroke defaults: round caps and joins.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (shapes.areas.length > 0 && (style.areaFill || style.areaStroke)) {
    ctx.beginPath();
    for (const polygon of shapes.areas) tracePolygon(ctx, polygon, x0, y0, scale);
    if (style.areaFill) {
      ctx.fillStyle = style.areaFill;
      ctx.fill('evenodd');
    }
    if (style.areaStroke) {
      ctx.strokeStyle = style.areaStroke.colour;
      ctx.lineWidth = style.areaStroke.width * pixelRatio;
      ctx.stroke();
    }
  }
  if (shapes.lines.length > 0 && style.line) {
    ctx.beginPath();
    for (const line of shapes.lines) tracePolygon(ctx, [line], x0, y0, scale, false);
    ctx.strokeStyle = style.line.colour;
    ctx.lineWidth = style.line.width * pixelRatio;
    ctx.setLineDash((style.line.dash ?? []).map((d) => d * pixelRatio));
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (style.marker) {
    const { radius, fill, stroke, width } = style.marker;
    for (const point of shapes.points) {
      ctx.beginPath();
      ctx.arc(
        (point[0]! - x0) * scale,
        (y0 - point[1]!) * scale,
        radius * pixelRatio,
        0,
        2 * Math.PI,
      );
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.strokeStyle = stroke;
      ctx.lineWidth = width * pixelRatio;
      ctx.stroke();
    }
  }
}

export class ShapesSource extends PaintedSource<ShapesPaint> {
  private readonly holder: { paint: ShapesPaint };

  constructor() {
    const holder = { paint: { shapes: NO_SHAPES, style: {} } as ShapesPaint };
    super({ read: () => holder.paint, painter: paintShapes });
    this.holder = holder;
  }

  setShapes(shapes: Shapes): void {
    this.holder.paint = { ...this.holder.paint, shapes };
    this.changed();
  }

  setStyle(style: ShapesStyle): void {
    this.holder.paint = { ...this.holder.paint, style };
    this.changed();
  }
}

/**
 * Paints `shapes` on `layer`, and hides the layer while there are none (the flat map's disc, no
 * place): an empty layer would still compose a transparent canvas the size of the map each frame.
 */
export function showShapes(layer: ImageLayer<ShapesSource>, shapes: Shapes): void {
  layer.getSource()?.setShapes(shapes);
  layer.setVisible(shapes.areas.length + shapes.lines.length + shapes.points.length > 0);
}
