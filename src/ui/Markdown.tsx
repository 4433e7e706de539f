import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { MouseEvent } from 'react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';

/**
 * Markdown → sanitised HTML. Headings start at h2 because the page's title is its one h1;
 * links inside the app navigate without a reload (and so keep working offline).
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  const demoted = html.replace(/<(\/?)h1(\b[^>]*)>/g, '<$1h2$2>');
  return DOMPurify.sanitize(demoted, { USE_PROFILES: { html: true } });
}

export function Markdown({ source, className = 'prose' }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//')) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };
  // The HTML above is sanitised by DOMPurify; the content is our own Markdown.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
