import { Link } from 'react-router';
import type { Article } from './articles.ts';
import { formatPublished } from './articles.ts';

export function ArticleCard({ article, level = 2 }: { article: Article; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card">
      <p className="article-card__meta">
        <span className={`tag tag--${article.category}`}>
          {article.category === 'guide' ? 'Guide' : 'News'}
        </span>
        <time dateTime={article.published}>{formatPublished(article.published)}</time>
        <span>· {article.readMinutes} min read</span>
      </p>
      <Heading className="article-card__title">
        <Link to={`/news-guides/${article.slug}`}>{article.title}</Link>
      </Heading>
      <p className="article-card__summary">{article.summary}</p>
    </article>
  );
}
