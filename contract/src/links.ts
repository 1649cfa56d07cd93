/**
 * Links by name: the front ends' manifests name their routes (`link`), the live releases' table
 * maps each name to its route's pattern (/config.json `links`), and a link is resolved through it,
 * in a page (shared's linkTo) as in a mail (the API). No dependency: part of the rules entry.
 */

/** A link's parameters: its route's `:params`, and anything else as the query (null or undefined: left out). */
export type LinkParams = Readonly<Record<string, string | number | null | undefined>>;

/** A link name no live manifest gives, or a parameter its route needs that the link lacks. */
export class LinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

/**
 * The path `links` (name → pattern) gives the link `name`: `params` fill the route's `:params`, the
 * others become the query ('manageOrder', { orderid: 5 } → '/myaccount/manageorder?orderid=5'). An
 * unknown name or a missing parameter is a LinkError, never a link to nowhere.
 */
export function linkPath(links: Readonly<Record<string, string>>, name: string, params: LinkParams = {}): string {
  const pattern = links[name];
  if (pattern === undefined) throw new LinkError(`No live route is linked as '${name}'`);
  const used = new Set<string>();
  const path = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const key = part.slice(1);
      const value = params[key];
      if (value === undefined || value === null || value === '')
        throw new LinkError(`The link '${name}' (${pattern}) needs '${key}'`);
      used.add(key);
      return encodeURIComponent(String(value));
    })
    .join('/');
  const query = Object.entries(params)
    .filter(([key, value]) => !used.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
