import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** Every screen's frame: its one h1, an optional lead line, and the document title. */
export function Page({
  title,
  lead,
  children,
  wide = false,
  long = false,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
  /**
   * A long screen of panels (/forecast, /live-feeds): the panels off screen are laid out and
   * painted only once scrolled near (components.css `.page--long`).
   */
  long?: boolean;
}) {
  useEffect(() => {
    document.title = `${title} · Aurora`;
  }, [title]);
  return (
    <div className={['page', wide && 'page--wide', long && 'page--long'].filter(Boolean).join(' ')}>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
