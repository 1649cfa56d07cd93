// The CSS a server-rendered page needs before it paints. A front end's CSS comes in files beside its
// chunks, which the browser otherwise loads with the chunk's code (after the page's scripts ran: the
// page would paint unstyled and move). The build lists each file with the CSS sources in it
// (styles.json, releases/emitStylesPlugin.ts); the server build's CSS modules note which of them a
// render used (styleUseLoader.ts). The page carries those files inlined in its head, each with the
// name the browser's chunk loader knows it by (mini-css-extract-plugin does not fetch a file the
// page has as <style data-href>): no render-blocking request, and nothing fetched twice.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRONT_END_NAMES, isFrontEndName, type FrontEndName } from '../frontEnds';
import { STYLES_FILE, type ReleaseStyles, type StyleFile } from '../releases/emitStylesPlugin';
import type { InlineStylesheet } from './renderContract';

/**
 * The key (Symbol.for) of the process's store of used CSS modules: the server builds' CSS modules
 * find it there (styleUseLoader.ts), as they import nothing of the platform.
 */
export const STYLES_USED = 'marketplace.stylesUsed';

/** The set of CSS modules the render under way used (the renderer runs each render in it). */
export const stylesUsed = ((globalThis as Record<symbol, unknown>)[Symbol.for(STYLES_USED)] ??= new AsyncLocalStorage<
  Set<string>
>()) as AsyncLocalStorage<Set<string>>;

/** How a used module is written in a render's set: its front end and source path, apart. */
export function usedStyleKey(frontEnd: string, module: string): string {
  return `${frontEnd}\u0000${module}`;
}

/** The modules a render used, by front end. */
export function usedStylesByFrontEnd(used: Iterable<string>): Map<FrontEndName, Set<string>> {
  const byFrontEnd = new Map<FrontEndName, Set<string>>();
  for (const key of used) {
    const [frontEnd, module] = key.split('\u0000');
    if (!isFrontEndName(frontEnd) || !module) continue;
    let modules = byFrontEnd.get(frontEnd);
    if (!modules) byFrontEnd.set(frontEnd, (modules = new Set()));
    modules.add(module);
  }
  return byFrontEnd;
}

/** One release's CSS files: what styles.json says of them, and their text (read once, when first needed). */
export class ReleaseStylesheets {
  readonly folder: string;
  /** The URL the release is served at, ending in '/'. */
  readonly base: string;
  /** styles.json's files; null for a release built before it (its CSS files are known by name only). */
  readonly files: StyleFile[] | null;
  readonly #texts = new Map<string, string>();

  constructor(folder: string, base: string) {
    this.folder = folder;
    this.base = base;
    const listing = join(folder, STYLES_FILE);
    this.files = existsSync(listing) ? (JSON.parse(readFileSync(listing, 'utf8')) as ReleaseStyles).files : null;
  }

  /** The file `name` inlined: its text, and its name as the chunk loader looks for it. */
  inline(name: string): InlineStylesheet {
    let css = this.#texts.get(name);
    if (css === undefined) {
      css = readFileSync(join(this.folder, name), 'utf8');
      this.#texts.set(name, css);
    }
    return { href: name, css };
  }

  /** Every CSS file of the release (one of those with the same content), in styles.json's order or by name. */
  allFiles(): string[] {
    if (this.files) return distinct(this.files).map((file) => file.name);
    return readdirSync(this.folder)
      .filter((name) => name.endsWith('.css'))
      .sort();
  }

  /** The fewest files that hold every one of `modules` (a module may be in several chunks' files). */
  filesHolding(modules: ReadonlySet<string>): StyleFile[] {
    const files = distinct(this.files ?? []);
    const left = new Set([...modules].filter((module) => files.some((file) => file.modules.includes(module))));
    const chosen = new Set<StyleFile>();
    while (left.size > 0) {
      // The file holding most of the modules left (the chunk that rendered them, more than a file
      // that shares one module with it); of two, the one with less else in it.
      let best: StyleFile | null = null;
      let bestCount = 0;
      for (const file of files) {
        const count = file.modules.filter((module) => left.has(module)).length;
        const tighter = best !== null && count === bestCount && file.modules.length < best.modules.length;
        if (count > bestCount || (count > 0 && tighter)) [best, bestCount] = [file, count];
      }
      if (!best) break;
      chosen.add(best);
      for (const module of best.modules) left.delete(module);
    }
    return files.filter((file) => chosen.has(file));
  }
}

/** Where a release's CSS is: its folder in the release store and the URL it is served at (ending in '/'). */
export interface StylesheetsAt {
  folder: string;
  base: string;
}

/** Releases' stylesheets, read once per release and address; null for one that cannot be read (logged). */
export class StylesheetShelf {
  readonly #read = new Map<string, ReleaseStylesheets | null>();
  readonly #log: Pick<Console, 'error'>;

  constructor(log: Pick<Console, 'error'>) {
    this.#log = log;
  }

  get({ folder, base }: StylesheetsAt): ReleaseStylesheets | null {
    if (!this.#read.has(base)) {
      let sheets: ReleaseStylesheets | null = null;
      try {
        sheets = new ReleaseStylesheets(folder, base);
      } catch (error) {
        this.#log.error(`[render] the stylesheets of ${folder} could not be read:`, error);
      }
      this.#read.set(base, sheets);
    }
    return this.#read.get(base) ?? null;
  }
}

/** One file of each content (the same CSS in several chunks' files), in order. */
function distinct(files: readonly StyleFile[]): StyleFile[] {
  const seen = new Set<string>();
  return files.filter((file) => {
    if (seen.has(file.hash)) return false;
    seen.add(file.hash);
    return true;
  });
}

/**
 * The stylesheets a page's head carries inlined, in order: the shell's files of global rules (the
 * design tokens: the shell provides @marketplace/shared to the page), then each front end's files
 * holding the CSS modules the render used (`used`: usedStyleKey's). A release built before
 * styles.json does not say what its files hold: when it is the page's `area`, all its files.
 */
export function pageStylesheets(
  releases: Partial<Record<FrontEndName, ReleaseStylesheets>>,
  used: Iterable<string>,
  area: FrontEndName | null,
): InlineStylesheet[] {
  const byFrontEnd = usedStylesByFrontEnd(used);
  const sheets: InlineStylesheet[] = [];
  for (const frontEnd of FRONT_END_NAMES) {
    const release = releases[frontEnd];
    if (!release) continue;
    let names: string[];
    if (!release.files) names = frontEnd === area ? release.allFiles() : [];
    else {
      const global = frontEnd === 'shell' ? release.files.filter((file) => file.global) : [];
      const holding = release.filesHolding(byFrontEnd.get(frontEnd) ?? new Set());
      names = distinct([...global, ...holding]).map((file) => file.name);
    }
    sheets.push(...names.map((name) => release.inline(name)));
  }
  return sheets;
}
