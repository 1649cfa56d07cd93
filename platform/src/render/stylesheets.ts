// The stylesheets a server-rendered page needs before it paints. A front end's CSS comes in files
// beside its chunks, which the browser otherwise loads with the chunk's code (after the page's
// scripts ran: the page would paint unstyled and move). The page links, in its head, every file
// that styles a class its HTML uses, and every file of global rules (the shared tokens, the reset).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A stylesheet of a release: its URL, the classes it styles, and whether it also styles elements by tag. */
export interface Stylesheet {
  href: string;
  classes: Set<string>;
  global: boolean;
}

/** A shared library or exposed module of a manifest, with the CSS loaded with it. */
interface ManifestPart {
  assets?: { css?: { sync?: string[]; async?: string[] } };
}

/** Keyframe steps: inside @keyframes, not selectors of the page. */
const KEYFRAME_STEP = /^(from|to|\d+(\.\d+)?%)$/;

/**
 * The classes a stylesheet styles, and whether it also styles elements by tag (`body`, `:root`).
 */
export function parseStylesheet(css: string): { classes: Set<string>; global: boolean } {
  const classes = new Set<string>();
  let global = false;
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const rule of text.matchAll(/(?:^|[{};])\s*([^{};@][^{};]*)\{/g)) {
    for (const selector of rule[1].split(',')) {
      const first = selector.trim();
      if (!first || KEYFRAME_STEP.test(first)) continue;
      const named = [...first.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
      if (named.length > 0 && first.startsWith('.')) for (const name of named) classes.add(name);
      else global = true;
    }
  }
  return { classes, global };
}

/** The classes an HTML fragment uses. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const attribute of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of attribute[1].split(/\s+/)) if (name) used.add(name);
  return used;
}

/**
 * The stylesheets of one release, in the order they apply: those its manifest names (shared
 * libraries', then its exposed modules', first the ones loaded with them), then the others by
 * name; a file whose content another already has (the same content hash) once. `folder`: the
 * release's folder; `base`: the URL the release is served at, ending in '/'.
 */
export function releaseStylesheets(folder: string, base: string): Stylesheet[] {
  const files = readdirSync(folder).filter((name) => name.endsWith('.css'));
  const ordered: string[] = [];
  try {
    const manifest = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')) as {
      shared?: ManifestPart[];
      exposes?: ManifestPart[];
    };
    for (const part of [...(manifest.shared ?? []), ...(manifest.exposes ?? [])])
      ordered.push(...(part.assets?.css?.sync ?? []), ...(part.assets?.css?.async ?? []));
  } catch {
    // no manifest: by name
  }
  ordered.push(...files.sort());
  const seen = new Set<string>();
  const contents = new Set<string>();
  const sheets: Stylesheet[] = [];
  for (const name of ordered) {
    if (seen.has(name) || !files.includes(name)) continue;
    seen.add(name);
    const content = /\.([0-9a-f]{8})\.css$/.exec(name)?.[1] ?? name;
    if (contents.has(content)) continue;
    contents.add(content);
    sheets.push({ href: `${base}${name}`, ...parseStylesheet(readFileSync(join(folder, name), 'utf8')) });
  }
  return sheets;
}

/**
 * The stylesheets a page's HTML needs, in order: the global ones and those styling a class it uses.
 */
export function stylesheetsFor(html: string, sheets: readonly Stylesheet[]): string[] {
  const used = classesIn(html);
  return sheets
    .filter((sheet) => sheet.global || [...sheet.classes].some((name) => used.has(name)))
    .map((sheet) => sheet.href);
}
