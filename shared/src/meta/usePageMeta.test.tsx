import { act, render } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { SITE_DESCRIPTION, SITE_NAME, type PageMeta } from './headTags';
import { PageMetaContext, useNoindex, usePageMeta, useSiteOrigin, type PageMetaCollector } from './usePageMeta';

function Page({ meta, children }: { meta: PageMeta | null; children?: ReactElement }): ReactElement {
  usePageMeta(meta);
  return <p>page{children}</p>;
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  document.title = 'Marketplace';
  document.head.innerHTML = `<title>Marketplace</title><meta name="description" content="${SITE_DESCRIPTION}">`;
});

describe('usePageMeta in the browser', () => {
  it('sets the tab title and the description, renders nothing of its own, and follows changes', () => {
    const { container, rerender, unmount } = render(
      <MemoryRouter>
        <Page meta={{ title: 'Wireless Headphones', description: 'Rs. 2,999. Over-ear.' }} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('<p>page</p>');
    expect(document.title).toBe('Wireless Headphones | Marketplace');
    expect(description()).toBe('Rs. 2,999. Over-ear.');

    rerender(
      <MemoryRouter>
        <Page meta={{ title: 'FAQ' }} />
      </MemoryRouter>,
    );
    expect(document.title).toBe('FAQ | Marketplace');
    expect(description()).toBe(SITE_DESCRIPTION);

    unmount();
    expect(document.title).toBe(SITE_NAME);
  });

  it('shows the site title while the meta is null (loading), then the page title', () => {
    document.title = 'Earlier page | Marketplace';
    function Loading(): ReactElement {
      const [meta, setMeta] = useState<PageMeta | null>(null);
      return (
        <>
          <Page meta={meta} />
          <button type="button" onClick={() => setMeta({ title: 'Loaded' })}>
            load
          </button>
        </>
      );
    }
    const { getByRole } = render(
      <MemoryRouter>
        <Loading />
      </MemoryRouter>,
    );
    expect(document.title).toBe(SITE_NAME);
    act(() => getByRole('button').click());
    expect(document.title).toBe('Loaded | Marketplace');
  });

  it('adds a description tag when the page has none', () => {
    document.head.innerHTML = '';
    render(
      <MemoryRouter>
        <Page meta={{ title: 'About Us', description: 'Who we are.' }} />
      </MemoryRouter>,
    );
    expect(description()).toBe('Who we are.');
  });

  it("keeps the robots noindex tag while the page or a useNoindex says so, and drops the server's when neither does", () => {
    const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;
    function Private({ noindex }: { noindex: boolean }): null {
      useNoindex(noindex);
      return null;
    }
    document.head.insertAdjacentHTML('beforeend', '<meta name="robots" content="noindex">');
    const { rerender } = render(
      <MemoryRouter>
        <Private noindex={false} />
        <Page meta={{ title: 'Product not found', noindex: true }} />
      </MemoryRouter>,
    );
    expect(robots()).toBe('noindex');
    rerender(
      <MemoryRouter>
        <Private noindex={false} />
        <Page meta={{ title: 'Shoes' }} />
      </MemoryRouter>,
    );
    expect(robots()).toBeNull();
    rerender(
      <MemoryRouter>
        <Private noindex />
        <Page meta={{ title: 'Shopping Cart' }} />
      </MemoryRouter>,
    );
    expect(robots()).toBe('noindex');
    expect(document.title).toBe('Shopping Cart | Marketplace');
  });

  it('answers the page origin for structured data', () => {
    let origin = '';
    function Origin(): null {
      origin = useSiteOrigin();
      return null;
    }
    render(<Origin />);
    expect(origin).toBe(window.location.origin);
  });
});

describe('usePageMeta in a server render', () => {
  it('reports to the collector during render, with the current pathname as the path; the deepest call wins', () => {
    const seen: PageMeta[] = [];
    const collector: PageMetaCollector = { set: (meta) => seen.push(meta), origin: 'https://shop.example' };
    let origin = '';
    function Origin(): null {
      origin = useSiteOrigin();
      return null;
    }
    const html = renderToString(
      <PageMetaContext.Provider value={collector}>
        <StaticRouter location="/productdetails/12?ref=home">
          <Page meta={{ title: 'Area' }}>
            <>
              <Page meta={null} />
              <Page meta={{ title: 'Wireless Headphones', type: 'product' }} />
              <Origin />
            </>
          </Page>
        </StaticRouter>
      </PageMetaContext.Provider>,
    );
    expect(html).toBe('<p>page<p>page</p><p>page</p></p>');
    expect(seen.at(-1)).toEqual({ title: 'Wireless Headphones', type: 'product', path: '/productdetails/12' });
    expect(seen).toHaveLength(2);
    expect(origin).toBe('https://shop.example');
  });

  it('keeps a canonical path the page gives', () => {
    const seen: PageMeta[] = [];
    renderToString(
      <PageMetaContext.Provider value={{ set: (meta) => seen.push(meta) }}>
        <StaticRouter location="/newarrival/shoes?page=2">
          <Page meta={{ title: 'Shoes', path: '/newarrival/shoes' }} />
        </StaticRouter>
      </PageMetaContext.Provider>,
    );
    expect(seen).toEqual([{ title: 'Shoes', path: '/newarrival/shoes' }]);
  });
});
