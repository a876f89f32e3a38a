/**
 * The search results page (/search?q=…): where the header's search form lands without JavaScript, or when
 * Enter is pressed with no result chosen. Its own form shows the query; result pages are not indexed.
 */
import { useId } from 'react';
import { Form, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/search.ts';
import { SEARCH_MAX_LENGTH } from '../../shared/search.ts';
import { PageHead } from '../components/PageHead.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { query, results, currency, problem } = useLoaderData<typeof loader>();
  const inputId = useId();
  return (
    <section className="search-page">
      <PageHead title={query ? t('search.pageTitle', { query }) : t('search.title')} description={t('seo.search')} noindex />
      <h1>{t('search.title')}</h1>
      <Form method="get" action="/search" role="search" aria-label={t('search.title')} className="search-page__form">
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        {/* Keyed by the query: a new search (a client navigation) shows its own text. */}
        <input
          key={query}
          id={inputId}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
        />
        <button type="submit" className="button">
          {t('search.submit')}
        </button>
      </Form>
      {problem === 'tooLong' ? (
        <p className="form__error" role="alert">
          {t('search.tooLong', { count: SEARCH_MAX_LENGTH })}
        </p>
      ) : !query ? (
        <p className="muted">{t('search.prompt')}</p>
      ) : results.length === 0 ? (
        <p className="search-page__empty">{t('search.nothing')}</p>
      ) : (
        <>
          <p className="muted search-page__count">{t('search.found', { count: results.length })}</p>
          <ul className="product-grid search-results">
            {results.map((r, i) => (
              <ProductTile
                key={r.id}
                product={r}
                currency={currency}
                picture={{ sizes: '(max-width: 40rem) 50vw, 15rem', eager: i < 2 }}
                note={r.preview_content}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
