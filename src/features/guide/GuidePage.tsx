import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { ArticleCard } from '../news/ArticleCard.tsx';
import { ARTICLES } from '../news/articles.ts';
import { CHECKLIST } from './checklist.ts';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

/** /guide — the how-to pieces, with the night-out checklist up front. */
function GuidePage() {
  const guides = ARTICLES.filter((a) => a.category === 'guide');
  return (
    <Page
      title={ROUTE_TEXT['/guide'].title}
      lead={ROUTE_TEXT['/guide'].lead}
      wide={ROUTE_TEXT['/guide'].wide}
    >
      <section className="checklist" aria-labelledby="checklist-title">
        <h2 id="checklist-title">Tonight’s checklist</h2>
        <ol className="checklist__grid">
          {CHECKLIST.map((item) => (
            <li key={item.title} className="card">
              <h3 className="card__title">{item.title}</h3>
              <p>{item.text}</p>
              {item.to ? (
                <Link to={item.to}>Open {item.to === '/' ? 'the map' : 'Live Aurora Feeds'}</Link>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="guides-title">
        <h2 id="guides-title" className="section-title">
          Guides
        </h2>
        <div className="article-grid">
          {guides.map((article) => (
            <ArticleCard key={article.slug} article={article} level={3} />
          ))}
        </div>
      </section>
    </Page>
  );
}
export default GuidePage;
