import { useEffect } from 'react';
import type { Resource } from '../../core/model.ts';
import { askForProducts } from './productDemand.ts';

/** A screen that shows these products asks for them while it is mounted. */
export function useProductsShown(resources: readonly Resource[]): void {
  const key = resources.join(',');
  useEffect(() => {
    if (key) askForProducts(key.split(',') as Resource[]);
  }, [key]);
}
