import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** Every screen's frame: its one h1, an optional lead line, and the document title. */
export function Page({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  useEffect(() => {
    document.title = `${title} · Aurora`;
  }, [title]);
  return (
    <div className={wide ? 'page page--wide' : 'page'}>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
