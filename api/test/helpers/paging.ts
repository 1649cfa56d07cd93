import type { TestServer } from './server';

/**
 * Every row of a paged list, walking `next` from the first page; `between` runs after each page
 * (e.g. to insert rows while a client walks). Fails on a page above `limit` rows.
 */
export async function walkPages<T = any>(
  s: TestServer,
  path: string,
  opts: { limit?: number; headers?: Record<string, string>; between?: (page: number) => Promise<void> } = {},
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams();
    if (opts.limit !== undefined) query.set('limit', String(opts.limit));
    if (cursor) query.set('cursor', cursor);
    const url = query.size ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
    const r = await s.get(url, opts.headers);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
    if (opts.limit !== undefined && r.body.data.length > opts.limit)
      throw new Error(`${url}: ${r.body.data.length} rows on a page of ${opts.limit}`);
    rows.push(...r.body.data);
    cursor = r.body.next;
    pages += 1;
    await opts.between?.(pages);
  } while (cursor);
  return { rows, pages };
}
