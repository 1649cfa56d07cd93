import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { PageMetaContext, type PageMeta } from '@marketplace/shared';
import { AboutPage } from './AboutPage';
import { ContactPage } from './ContactPage';
import { Error404Page } from './Error404Page';
import { FaqPage } from './FaqPage';
import { NotFoundPage } from '.';

/** What `Page` reports to the rendering server's collector at `path`. */
function serverMeta(Page: ComponentType, path: string): PageMeta | null {
  let meta: PageMeta | null = null;
  renderToString(
    <PageMetaContext.Provider value={{ set: (next) => (meta = next) }}>
      <StaticRouter location={path}>
        <Page />
      </StaticRouter>
    </PageMetaContext.Provider>,
  );
  return meta;
}

it.each([
  ['About Us', AboutPage, '/about'],
  ['Frequently Asked Questions', FaqPage, '/faq'],
  ['Contact Us', ContactPage, '/contact'],
])('%s titles the tab and tells the server its canonical path', (title, Page, path) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
  expect(document.title).toBe(`${title} | Marketplace`);
  const meta = serverMeta(Page, `${path}?utm=x`);
  expect(meta).toMatchObject({ title, path });
  expect(meta?.description).toBeTruthy();
  expect(meta?.noindex).toBeFalsy();
});

it('keeps the not-found pages out of search engines; a path no front end serves answers 404', () => {
  expect(serverMeta(NotFoundPage, '/no/such/page')).toEqual({
    title: 'Page not found',
    noindex: true,
    status: 404,
    path: '/no/such/page',
  });
  expect(serverMeta(Error404Page, '/error404')).toMatchObject({ noindex: true });
});
