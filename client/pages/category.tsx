/**
 * A category listing (docs/decisions/013-category-listing.md): sort, filters from the category's own attributes
 * and price, pages. All state lives in the URL. Without JavaScript the filters are a plain GET form and the
 * pages plain links; with it, a change of a control navigates client-side (a history entry: Back restores).
 */
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useHref, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import type { loader } from '../../server/pages/category.ts';
import { DEFAULT_SORT, type Facet, hasFilters, LISTING_SORTS, type ListingSort, listingSearch, NO_FILTERS } from '../../shared/listing.ts';
import { PageHead } from '../components/PageHead.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../loader-data.ts';

type Data = LoaderData<typeof loader>;
type Listing = Data['listing'];

const SORT_LABELS: Record<ListingSort, string> = {
  popular: 'listing.sortPopular',
  price_asc: 'listing.sortPriceAsc',
  price_desc: 'listing.sortPriceDesc',
  new: 'listing.sortNew',
};

/** The form's filled-in fields as a query string: empty fields and the default sort left out, page reset. */
function formSearch(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (name === 'sort' && value === DEFAULT_SORT) continue;
    params.append(name, value.trim());
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function RangeInputs({
  name,
  label,
  min,
  max,
  value,
}: {
  name: string;
  label: string;
  min: number;
  max: number;
  value: { min: number | null; max: number | null } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="listing-range">
      <label>
        <span>{t('listing.from')}</span>
        <input
          type="number"
          name={`${name}_min`}
          step="any"
          inputMode="decimal"
          placeholder={String(min)}
          defaultValue={value?.min ?? ''}
          aria-label={t('listing.rangeFrom', { label })}
        />
      </label>
      <label>
        <span>{t('listing.to')}</span>
        <input
          type="number"
          name={`${name}_max`}
          step="any"
          inputMode="decimal"
          placeholder={String(max)}
          defaultValue={value?.max ?? ''}
          aria-label={t('listing.rangeTo', { label })}
        />
      </label>
    </div>
  );
}

function FacetField({ facet, label, listing }: { facet: Facet; label: string; listing: Listing }) {
  return (
    <fieldset className="listing-facet">
      <legend>{label}</legend>
      {facet.kind === 'range' ? (
        <RangeInputs name={facet.key} label={label} min={facet.min} max={facet.max} value={listing.filters.ranges[facet.key]} />
      ) : (
        facet.values.map((v) => (
          <label key={v} className="listing-check">
            <input type="checkbox" name={facet.key} value={v} defaultChecked={listing.filters.values[facet.key]?.includes(v) ?? false} />{' '}
            {facet.labels[v] ?? <span lang="ru">{v}</span>}
          </label>
        ))
      )}
    </fieldset>
  );
}

/** How many filters are set (a range or a price with a bound counts once, each chosen value once). */
function filterCount(filters: Listing['filters']): number {
  const price = filters.price.min !== null || filters.price.max !== null ? 1 : 0;
  return price + Object.keys(filters.ranges).length + Object.values(filters.values).reduce((n, v) => n + v.length, 0);
}

/**
 * The filters as a panel (issue 19, phones first): on a phone a 'Фильтры' button above the products opens them as a
 * sheet over the list, which 'Показать' or × closes; from 48rem they stand beside the list, always open (the
 * summary hidden, the details' content shown by CSS). A <details>, so it opens without JavaScript too.
 */
function FilterPanel(props: Parameters<typeof Filters>[0]) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDetailsElement>(null);
  // × needs JavaScript: without it the sheet closes by 'Показать' (a new page) or its summary.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const count = filterCount(props.listing.filters);
  const close = () => {
    if (panel.current) panel.current.open = false;
  };
  return (
    <details ref={panel} className="listing-panel">
      <summary className="button button--secondary listing-panel__toggle">
        {t('listing.filters')}
        {count > 0 && <span className="listing-panel__count"> · {count}</span>}
      </summary>
      <Filters {...props} {...(hydrated ? { onClose: close } : {})} />
    </details>
  );
}

function Filters({
  url,
  resetHref,
  listing,
  facets,
  onClose,
}: {
  url: string;
  resetHref: string;
  listing: Listing;
  facets: Array<{ facet: Facet; label: string }>;
  /** Closes the phone's sheet (after 'Показать', or ×). */
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  /** The control that changed last: refocused after the form is rebuilt for the new address. */
  const lastControl = useRef<{ name: string; value: string; from: string } | null>(null);

  const apply = (form: HTMLFormElement) => {
    const search = formSearch(form);
    // The page stays where it is: the shopper is working the filters, not starting to read.
    if (search !== location.search) navigate({ search }, { preventScrollReset: true });
  };

  // A native "change" fires once per committed edit (a checkbox, the select, a number after Enter or blur),
  // not per keystroke as React's onChange does.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const focused = lastControl.current;
    if (focused && focused.from !== location.search) {
      const el = [...form.elements].find(
        (e) =>
          (e as HTMLInputElement).name === focused.name &&
          (e.getAttribute('type') !== 'checkbox' || (e as HTMLInputElement).value === focused.value),
      );
      (el as HTMLElement | undefined)?.focus();
      lastControl.current = null;
    }
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement;
      lastControl.current = { name: target.name, value: target.value, from: location.search };
      apply(form);
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  });

  return (
    <Form
      // Rebuilt for each address, so Back and links show the state of the page they lead to.
      key={location.search}
      ref={formRef}
      method="get"
      action={url}
      className="listing-filters"
      aria-label={t('listing.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
        onClose?.();
      }}
    >
      <div className="listing-filters__head">
        <span>{t('listing.filters')}</span>
        {onClose && (
          <button type="button" className="listing-filters__close" aria-label={t('notice.close')} onClick={onClose}>
            ×
          </button>
        )}
      </div>
      <label className="listing-sort">
        <span>{t('listing.sort')}</span>
        <select name="sort" defaultValue={listing.sort}>
          {LISTING_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
            </option>
          ))}
        </select>
      </label>
      {listing.facets.price && (
        <fieldset className="listing-facet">
          <legend>{t('listing.price')}</legend>
          <RangeInputs
            name="price"
            label={t('listing.price')}
            min={Math.floor(listing.facets.price.min)}
            max={Math.ceil(listing.facets.price.max)}
            value={listing.filters.price}
          />
        </fieldset>
      )}
      {facets.map(({ facet, label }) => (
        <FacetField key={facet.key} facet={facet} label={label} listing={listing} />
      ))}
      <div className="listing-filters__actions">
        <button type="submit" className="button">
          {t('listing.apply')}
        </button>
        {hasFilters(listing.filters) && (
          <Link to={resetHref} className="listing-reset">
            {t('listing.reset')}
          </Link>
        )}
      </div>
    </Form>
  );
}

function Pagination({ listing, href }: { listing: Listing; href: (page: number) => string }) {
  const { t } = useTranslation();
  const { page, pages } = listing;
  if (pages <= 1) return null;
  // First, last and two either side of the current page; gaps shown as "…".
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      {page > 1 && (
        <Link rel="prev" to={href(page - 1)} className="pagination__step">
          ← {t('listing.prev')}
        </Link>
      )}
      <ul>
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && shown[i - 1]! < n - 1 && <span className="pagination__gap">…</span>}
            {n === page ? (
              <span aria-current="page" className="pagination__current">
                {n}
              </span>
            ) : (
              <Link to={href(n)} aria-label={t('listing.page', { page: n })}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < pages && (
        <Link rel="next" to={href(page + 1)} className="pagination__step">
          {t('listing.next')} →
        </Link>
      )}
    </nav>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { category, products, currency, listing } = useLoaderData<typeof loader>();
  const base = useHref(category.url);
  // Only attributes with a name in the page's language are offered (as on the product page's table).
  const facets = listing.facets.attributes
    .map((facet) => ({ facet, label: t(`attr.${facet.key}`, { defaultValue: '' }) }))
    .filter((f) => f.label !== '');
  const search = (page: number) => listingSearch(listing.facets.attributes, { ...listing, page });
  const href = (page: number) => search(page) || category.url;
  /** The same sort without filters. */
  const resetHref = listingSearch(listing.facets.attributes, { sort: listing.sort, page: 1, filters: NO_FILTERS }) || category.url;
  const { page, pages, total } = listing;
  return (
    <>
      <PageHead
        title={page > 1 ? `${category.title} — ${t('listing.page', { page })}` : category.title}
        description={category.description || t('seo.category', { title: category.title })}
        {...(category.preview_image ? { image: category.preview_image } : {})}
      />
      {page > 1 && <link rel="prev" href={base + search(page - 1)} />}
      {page < pages && <link rel="next" href={base + search(page + 1)} />}
      <h1 lang={category.lang ?? undefined}>{category.title}</h1>
      {category.description && page === 1 && (
        <p className="lead" lang={category.lang ?? undefined}>
          {category.description}
        </p>
      )}
      <div className="listing">
        <FilterPanel url={category.url} resetHref={resetHref} listing={listing} facets={facets} />
        <div className="listing-results">
          {/* Announced when a filter changes the list: the count, not the whole grid of cards. */}
          <p className="muted listing-count" aria-live="polite">
            {t('listing.found', { count: total })}
            {pages > 1 && <> · {t('listing.pageOf', { page, pages })}</>}
          </p>
          {products.length === 0 ? (
            hasFilters(listing.filters) ? (
              <div className="listing-empty">
                <p>{t('listing.nothing')}</p>
                <Link to={resetHref}>{t('listing.reset')}</Link>
              </div>
            ) : (
              <p className="listing-empty">{t('category.empty')}</p>
            )
          ) : (
            <ul className="product-grid">
              {products.map((p, i) => (
                <ProductTile
                  key={p.id}
                  product={p}
                  currency={currency}
                  picture={{ sizes: '(max-width: 40rem) 50vw, 15rem', eager: i < 2 }}
                />
              ))}
            </ul>
          )}
          <Pagination listing={listing} href={href} />
        </div>
      </div>
    </>
  );
}
