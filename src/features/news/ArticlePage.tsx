import { Link, useParams } from 'react-router';
import { AdSlot } from '../../ui/AdSlot.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Page } from '../../ui/Page.tsx';
import { ARTICLES, findArticle, formatPublished } from './articles.ts';

/** /news-guides/:slug — the article, or an honest "not found" with a way back. */
function ArticlePage() {
  const { slug } = useParams();
  const article = findArticle(slug);
  if (!article) {
    return (
      <Page
        title="Article not found"
        lead={`There is no article at “${slug ?? ''}”. It may have been renamed or removed.`}
      >
        <p>
          <Link to="/news-guides" className="button button--primary">
            Back to Space News
          </Link>
        </p>
      </Page>
    );
  }
  const more = ARTICLES.filter(
    (a) => a.slug !== article.slug && a.category === article.category,
  ).slice(0, 3);
  return (
    <Page
      title={article.title}
      lead={
        <>
          <time dateTime={article.published}>{formatPublished(article.published)}</time> ·{' '}
          {article.readMinutes} min read · {article.category === 'guide' ? 'Guide' : 'News'}
        </>
      }
    >
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/news-guides">Space News</Link> <span aria-hidden="true">›</span>{' '}
        <span>{article.title}</span>
      </nav>
      <Markdown source={article.markdown} />
      <AdSlot id="article-bottom" />
      {more.length > 0 ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">More {article.category === 'guide' ? 'guides' : 'news'}</h2>
          <ul>
            {more.map((a) => (
              <li key={a.slug}>
                <Link to={`/news-guides/${a.slug}`}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
export default ArticlePage;
