import { useInTurn } from './useInTurn.ts';

/**
 * False for the component's first commit, true once the browser has painted it and found an idle
 * moment (see useInTurn). A part of the screen nobody needs in the first frame (the map page's side
 * panels, below the map on a phone; the footer) is not created and laid out in the same long task
 * as the rest.
 */
export function useAfterFirstPaint(): boolean {
  return useInTurn(1) === 1;
}
