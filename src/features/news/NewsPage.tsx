import { Fragment } from 'react';
import { Link } from 'react-router';
import { AdSlot } from '../../ui/AdSlot.tsx';
import { Page } from '../../ui/Page.tsx';
import { ArticleCard } from './ArticleCard.tsx';
import { ARTICLES } from './articles.ts';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

/** Where the in-feed ad sits: after the third story, so the first screen is all content. */
const IN_FEED_AFTER = 3;

/** /news-guides and /news: every article, newest first (the Space News list). */
function NewsPage() {
  return (
    <Page
      title={ROUTE_TEXT['/news-guides'].title}
      lead={ROUTE_TEXT['/news-guides'].lead}
      wide={ROUTE_TEXT['/news-guides'].wide}
    >
      <div className="news-layout">
        <div className="news-layout__feed">
          {ARTICLES.map((article, index) => (
            <Fragment key={article.slug}>
              <ArticleCard article={article} />
              {index + 1 === IN_FEED_AFTER ? <AdSlot id="news-in-feed" /> : null}
            </Fragment>
          ))}
        </div>
        <aside className="news-layout__side" aria-label="More">
          <div className="card">
            <h2 className="card__title">New to the aurora?</h2>
            <p>
              Start with the guides: how to read the forecast, and how to plan your first night out.
            </p>
            <Link to="/guide" className="button">
              Aurora Guides
            </Link>
          </div>
          <AdSlot id="news-sidebar" />
        </aside>
      </div>
    </Page>
  );
}
export default NewsPage;
