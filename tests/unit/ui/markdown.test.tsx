// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ARTICLES, findArticle } from '../../../src/features/news/articles.ts';
import { TRACKED_ARTICLE_SLUGS } from '../../../src/lib/analytics.ts';
import { renderMarkdown } from '../../../src/ui/Markdown.tsx';

describe('article Markdown', () => {
  it('is sanitised: scripts and event handlers never reach the page', () => {
    const html = renderMarkdown(
      'Hello <script>alert(1)</script><img src="x" onerror="alert(2)"> [x](javascript:alert(3))',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Hello');
  });

  it('turns a stray h1 into h2 so the page keeps exactly one h1', () => {
    expect(renderMarkdown('# Title\n\ntext')).toMatch(/^<h2[^>]*>Title<\/h2>/);
  });

  it('renders tables from the articles', () => {
    expect(
      renderMarkdown(findArticle('understanding-aurora-forecasts-kp-index')!.markdown),
    ).toContain('<table>');
  });
});

describe('the article collection', () => {
  it('includes the two articles the analytics track', () => {
    for (const slug of TRACKED_ARTICLE_SLUGS) expect(findArticle(slug)).not.toBeNull();
  });

  it('has unique slugs, real bodies and no h1 of its own', () => {
    const slugs = ARTICLES.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const article of ARTICLES) {
      expect(article.markdown.split(/\s+/).length).toBeGreaterThan(250);
      expect(article.markdown).not.toMatch(/^# /m);
    }
  });

  it('links only to articles that exist', () => {
    for (const article of ARTICLES) {
      for (const [, slug] of article.markdown.matchAll(/\]\(\/news-guides\/([^)]+)\)/g)) {
        expect(findArticle(slug), `${article.slug} links to ${slug}`).not.toBeNull();
      }
    }
  });
});
