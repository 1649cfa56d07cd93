import { useId, useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useParams, useSearchParams } from '@marketplace/shared/router';
import {
  Breadcrumb,
  getCategories,
  LoadFailed,
  Loading,
  LoadMore,
  notify,
  searchProducts,
  usePageMeta,
  usePagedList,
  useHydrated,
  useResource,
  useStartCursor,
  type Page,
  type PageMeta,
  type PageQuery,
  type Product,
  type ProductSearch,
  linkTo,
} from '@marketplace/shared';
import { CartIcon, GridIcon, ListIcon } from '../../components/Icons';
import { ProductCard, ProductGrid, ProductGridItem } from '../../components/ProductCard';
import { isOutOfStock } from '../../components/StockLabel';
import { SOMETHING_WRONG_TOAST } from '../../lib/failures';
import ui from '../../styles/ui.module.css';
import styles from './NewArrivalPage.module.css';

type Layout = 'grid' | 'list';
interface PriceRange {
  minPrice?: number;
  maxPrice?: number;
}

/** The sidebar's categories: the catalogue's (GET /categories), each once, in alphabetical order. */
export function categoriesOf(titles: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const title of titles) {
    const name = title.trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

function parsePrice(text: string): number | undefined | null {
  const value = text.trim();
  if (value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

const LAYOUTS = [
  { value: 'grid', label: 'Grid', Icon: GridIcon },
  { value: 'list', label: 'List', Icon: ListIcon },
] as const;

interface PriceFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the price error message, when there is one. */
  errorId?: string;
}

function PriceField({ label, placeholder, value, onChange, errorId }: PriceFieldProps): ReactElement {
  const id = useId();
  return (
    <label className={styles.priceField} htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </label>
  );
}

function buildQuery(searchKey: string, category: string, range: PriceRange): ProductSearch {
  const query: ProductSearch = { productname: searchKey };
  if (category) query.category = category;
  if (range.minPrice !== undefined) query.minPrice = range.minPrice;
  if (range.maxPrice !== undefined) query.maxPrice = range.maxPrice;
  return query;
}

/** One page of a search, the following one asked for with its `next`. */
async function searchPage(query: ProductSearch, page: PageQuery): Promise<Page<Product>> {
  const found = await searchProducts({ ...query, ...page });
  return { items: found.products, next: found.hasMore ? (found.next ?? null) : null };
}

/**
 * The listing's title and description: New Arrivals, or the search for `searchKey` with the first
 * products found once they are loaded (a search that finds nothing is kept out of search engines).
 */
export function listingMeta(searchKey: string, found: readonly Product[] | null): PageMeta {
  const names = (found ?? []).slice(0, 3).map((product) => product.productname);
  const some = names.length > 0 ? ` ${names.join(', ')}${(found?.length ?? 0) > names.length ? ' and more' : ''}.` : '';
  if (!searchKey) {
    return {
      title: 'New Arrivals',
      description: `The newest electronics, accessories and clothing in the catalogue, with prices in rupees.${some}`,
      path: linkTo('newArrivals'),
    };
  }
  return {
    title: `Search results for "${searchKey}"`,
    description: `Products matching "${searchKey}", with prices in rupees.${some}`,
    path: linkTo('search', { searchKey }),
    noindex: found !== null && found.length === 0,
  };
}

/** `/newarrival` and `/newarrival/{searchKey}`: the catalogue, searchable and filterable, a page at a time. */
export function NewArrivalPage(): ReactElement {
  const { searchKey: pathKey } = useParams();
  const [searchParams] = useSearchParams();
  // /newarrival?q= is the header's search form sent without JavaScript.
  const searchKey = pathKey ?? searchParams.get('q')?.trim() ?? '';
  const start = useStartCursor();
  const hydrated = useHydrated();
  const [layout, setLayout] = useState<Layout>('grid');
  const [category, setCategory] = useState('');
  const [range, setRange] = useState<PriceRange>({});
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [priceError, setPriceError] = useState('');
  const ids = { price: useId(), priceError: useId() };

  const categoryNames = useResource(getCategories, [], { key: 'categories' });
  const loadedNames = categoryNames.status === 'ready' ? categoryNames.data : null;
  const categories = useMemo(() => (loadedNames ? categoriesOf(loadedNames) : []), [loadedNames]);

  const results = usePagedList(
    (page) => searchPage(buildQuery(searchKey, category, range), page),
    [searchKey, category, range.minPrice, range.maxPrice],
    {
      keyOf: (product) => product.productid,
      key: `products:search:${JSON.stringify([searchKey, category, range.minPrice, range.maxPrice, start])}`,
      start,
      onMoreFailed: () => notify(SOMETHING_WRONG_TOAST),
    },
  );
  const shown = results.items ?? [];
  const ready = results.items !== null;

  const applyPrice = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const minPrice = parsePrice(minText);
    const maxPrice = parsePrice(maxText);
    if (minPrice === null || maxPrice === null) {
      setPriceError('Enter prices as numbers, 0 or more');
      return;
    }
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      setPriceError('The minimum price must not be more than the maximum price');
      return;
    }
    setPriceError('');
    setRange({ minPrice, maxPrice });
  };

  const clearFilters = (): void => {
    setCategory('');
    setMinText('');
    setMaxText('');
    setPriceError('');
    setRange({});
  };

  const priceErrorId = priceError ? ids.priceError : undefined;
  const filtered = category !== '' || range.minPrice !== undefined || range.maxPrice !== undefined;
  // Filters are not in the URL: the meta tells of the unfiltered list only.
  usePageMeta(listingMeta(searchKey, filtered ? null : results.items));
  const heading = searchKey ? `Search results for "${searchKey}"` : 'New Arrivals';

  return (
    <div className={ui.page}>
      <Breadcrumb page={searchKey ? 'Search' : 'New Arrivals'} />
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label="Filters">
          <fieldset className={styles.panel}>
            <legend className={styles.panelTitle}>Categories</legend>
            <ul className={styles.categoryList}>
              {['', ...categories].map((name) => (
                <li key={name || 'all'}>
                  <label className={styles.categoryOption}>
                    <input
                      type="radio"
                      name="category"
                      value={name}
                      checked={category === name}
                      onChange={() => setCategory(name)}
                    />
                    <span>{name || 'All'}</span>
                  </label>
                </li>
              ))}
              {categoryNames.status === 'loading' &&
                [1, 2, 3].map((n) => (
                  <li key={`placeholder-${n}`} className={styles.categoryPlaceholder} aria-hidden="true" />
                ))}
            </ul>
          </fieldset>

          <form className={styles.panel} onSubmit={applyPrice} noValidate aria-labelledby={ids.price}>
            <h2 className={styles.panelTitle} id={ids.price}>
              Price (Rs.)
            </h2>
            <div className={styles.priceForm}>
              <div className={styles.priceRow}>
                <PriceField
                  label="Min price"
                  placeholder="0"
                  value={minText}
                  onChange={setMinText}
                  errorId={priceErrorId}
                />
                <PriceField
                  label="Max price"
                  placeholder="Any"
                  value={maxText}
                  onChange={setMaxText}
                  errorId={priceErrorId}
                />
              </div>
              {priceError && (
                <p id={ids.priceError} className={styles.fieldError} role="alert">
                  {priceError}
                </p>
              )}
              <div className={styles.priceActions}>
                <button type="submit" className={ui.button} disabled={!hydrated}>
                  Apply
                </button>
                {filtered && (
                  <button type="button" className={ui.buttonGhost} onClick={clearFilters}>
                    Clear filters
                  </button>
                )}
              </div>
            </div>
          </form>
        </aside>

        <section className={styles.results} aria-labelledby="listing-heading" aria-busy={results.loading}>
          <div className={styles.toolbar}>
            <div>
              <h1 id="listing-heading" className={styles.heading}>
                {heading}
              </h1>
              <p className={styles.count} aria-live="polite">
                {ready &&
                  `${shown.length} ${shown.length === 1 ? 'product' : 'products'}${results.hasMore ? ', more below' : ''}`}
              </p>
            </div>
            <div className={styles.toggle} role="group" aria-label="Layout">
              {LAYOUTS.map(({ value, label, Icon }) => (
                <button
                  key={value}
                  type="button"
                  className={styles.toggleButton}
                  aria-pressed={layout === value}
                  onClick={() => setLayout(value)}
                >
                  <Icon size={18} />
                  <span>{label}</span>
                </button>
              ))}
            </div>
          </div>

          {results.status === 'loading' && <Loading label="Loading products" minHeight="70vh" />}
          {results.status === 'failed' && <LoadFailed onRetry={results.reload} buttonClassName={ui.buttonOutline} />}
          {ready && shown.length === 0 && (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>
                {searchKey ? `No products found for "${searchKey}"` : 'No products found'}
              </p>
              <p className={styles.emptyHint}>
                {filtered ? 'Try another category or price range.' : 'Try a different search word.'}
              </p>
              <div className={styles.emptyActions}>
                {filtered && (
                  <button type="button" className={ui.buttonOutline} onClick={clearFilters}>
                    Clear filters
                  </button>
                )}
                {searchKey && (
                  <Link className={ui.button} to={linkTo('newArrivals')}>
                    See all new arrivals
                  </Link>
                )}
              </div>
            </div>
          )}
          {ready && shown.length > 0 && (
            <ProductGrid layout={layout} label="Products">
              {shown.map((product, index) => (
                <ProductGridItem key={product.productid} ref={results.itemRef(product.productid)}>
                  <ProductCard
                    product={product}
                    layout={layout}
                    lazy={index >= 6}
                    priority={index === 0}
                    footer={
                      isOutOfStock(product) ? (
                        <button
                          type="button"
                          className={`${ui.buttonOutline} ${styles.addToCart}`}
                          aria-label={`Add to Cart: ${product.productname} (out of stock)`}
                          disabled
                        >
                          <CartIcon size={16} />
                          Add to Cart
                        </button>
                      ) : (
                        <Link
                          className={`${ui.buttonOutline} ${styles.addToCart}`}
                          to={linkTo('addToCart', { id: product.productid })}
                          aria-label={`Add to Cart: ${product.productname}`}
                        >
                          <CartIcon size={16} />
                          Add to Cart
                        </Link>
                      )
                    }
                  />
                </ProductGridItem>
              ))}
            </ProductGrid>
          )}
          <LoadMore list={results} label="Load more products" buttonClassName={ui.buttonOutline} />
        </section>
      </div>
    </div>
  );
}
