import { describe, expect, it } from 'vitest';
import { askForProducts, setProductDemandHandler } from '../../../src/lib/productDemand.ts';
import type { Resource } from '../../../core/model.ts';

describe('a screen asking for the products it shows', () => {
  it('passes on what was asked before the poller was ready once it connects, then each ask at once', () => {
    askForProducts(['sdo-images']);
    askForProducts(['observed-solar-cycle', 'predicted-solar-cycle']);
    const got: Resource[][] = [];
    setProductDemandHandler((r) => got.push(r));
    expect(got).toEqual([['sdo-images', 'observed-solar-cycle', 'predicted-solar-cycle']]);
    askForProducts(['solar-wind']);
    expect(got).toEqual([
      ['sdo-images', 'observed-solar-cycle', 'predicted-solar-cycle'],
      ['solar-wind'],
    ]);
    // Nothing asked twice from the waiting list when the handler is connected again.
    setProductDemandHandler((r) => got.push(r));
    expect(got).toHaveLength(2);
  });
});
