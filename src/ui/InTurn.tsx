import { Children, type ReactNode } from 'react';
import { useInTurn } from './useInTurn.ts';

/**
 * Renders its children (a long screen's parts below the first screen) one per idle moment after the
 * first paint, in order (useInTurn). Until the last has joined, a hidden `data-pending` marker
 * stands after them, so a test can wait for the whole screen. `allAtOnce` renders them all in the
 * first commit (a link to one of them).
 */
export function InTurn({
  children,
  allAtOnce = false,
}: {
  children: ReactNode;
  allAtOnce?: boolean;
}) {
  const parts = Children.toArray(children);
  const shown = useInTurn(parts.length, allAtOnce);
  return (
    <>
      {parts.slice(0, shown)}
      {shown < parts.length ? <div data-pending hidden /> : null}
    </>
  );
}
