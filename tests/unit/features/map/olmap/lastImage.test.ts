// @vitest-environment jsdom
import ImageCanvas from 'ol/ImageCanvas.js';
import { describe, expect, it } from 'vitest';
import { LastImage } from '../../../../../src/features/map/olmap/lastImage.ts';

/** An image painted over x 0–100, y 0–50 at resolution 2 and pixel ratio 1. */
function painted(): ImageCanvas {
  return new ImageCanvas([0, 0, 100, 50], 2, 1, document.createElement('canvas'));
}

describe('the last image an image source painted', () => {
  it('has nothing to give back before an image was kept', () => {
    expect(new LastImage().reusable(0, [0, 0, 10, 10], 2, 1)).toBeNull();
  });

  it('is given back for any extent inside it, at the same revision, resolution and pixel ratio', () => {
    const last = new LastImage();
    const image = painted();
    last.keep(image, 3, 2, 1);
    expect(last.reusable(3, [0, 0, 100, 50], 2, 1)).toBe(image);
    expect(last.reusable(3, [10, 5, 60, 40], 2, 1)).toBe(image);
  });

  it('is painted again when the view leaves it, the data or colours changed, or the zoom or screen density did', () => {
    const last = new LastImage();
    last.keep(painted(), 3, 2, 1);
    expect(last.reusable(3, [50, 0, 150, 50], 2, 1)).toBeNull(); // panned past its edge
    expect(last.reusable(4, [0, 0, 100, 50], 2, 1)).toBeNull(); // changed(): a new revision
    expect(last.reusable(3, [0, 0, 100, 50], 1, 1)).toBeNull(); // zoomed in
    expect(last.reusable(3, [0, 0, 100, 50], 2, 2)).toBeNull(); // another pixel ratio
  });

  it('keeps only the latest image', () => {
    const last = new LastImage();
    last.keep(painted(), 3, 2, 1);
    const next = painted();
    last.keep(next, 4, 2, 1);
    expect(last.reusable(3, [0, 0, 100, 50], 2, 1)).toBeNull();
    expect(last.reusable(4, [0, 0, 100, 50], 2, 1)).toBe(next);
  });
});
