// Writes styles.json into a front end's browser build: each CSS file the build emitted (one per
// chunk that has CSS) with the CSS sources in it, from webpack's own chunk graph. Its release
// carries it; the rendering server reads it to put in a page's head the CSS of the modules the
// page's render used (render/stylesheets.ts). webpack's configs load it through
// scripts/runtime-config.cjs's tsx hook (webpack.common.js).
import { relative, sep } from 'node:path';
import type { Compiler } from 'webpack';

/** The name of the file in a release. */
export const STYLES_FILE = 'styles.json';

/** A CSS file of a release. */
export interface StyleFile {
  /** Its name in the release folder (the name the browser's chunk loader knows it by). */
  name: string;
  /** Its content hash: files with the same hold the same CSS. */
  hash: string;
  /** The CSS sources in it, by path from the repository's root ('shared/src/ui/Carousel.module.css'). */
  modules: string[];
  /** Whether it holds CSS that is not a CSS module: rules for the whole page (the design tokens). */
  global: boolean;
}

/** styles.json: the release's CSS files, those of its first chunks first. */
export interface ReleaseStyles {
  files: StyleFile[];
}

/** The path of a source file from the repository's root, with '/' (as the server build's loader writes it). */
export function sourcePath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

const NAME = 'EmitStylesPlugin';

export class EmitStylesPlugin {
  readonly root: string;

  /** `root`: the repository's root, which source paths are written from. */
  constructor(root: string) {
    this.root = root;
  }

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes are final (realContentHash renames the files before this).
        { name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files: (StyleFile & { initial: boolean })[] = [];
          for (const chunk of compilation.chunks) {
            const names = [...chunk.files].filter((name) => name.endsWith('.css'));
            if (names.length === 0) continue;
            const modules: string[] = [];
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              // mini-css-extract-plugin's module of a CSS source: its resource is the source file.
              if (module.type !== 'css/mini-extract') continue;
              const resource = module.nameForCondition();
              if (resource) modules.push(sourcePath(this.root, resource));
            }
            modules.sort();
            for (const name of names) {
              const hash = compilation.getAsset(name)?.info.contenthash;
              files.push({
                name,
                hash: (Array.isArray(hash) ? hash.join('.') : hash) || name,
                modules,
                global: modules.some((path) => !path.endsWith('.module.css')),
                initial: chunk.canBeInitial(),
              });
            }
          }
          files.sort((a, b) => Number(b.initial) - Number(a.initial) || a.name.localeCompare(b.name));
          const styles: ReleaseStyles = { files: files.map(({ initial: _initial, ...file }) => file) };
          compilation.emitAsset(STYLES_FILE, new RawSource(JSON.stringify(styles)));
        },
      );
    });
  }
}
