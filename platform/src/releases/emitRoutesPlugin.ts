// Writes a front end's routes.json into its build, from its route manifest (src/routes.ts): its
// release carries its routes and their facts, and the platform reads them from the live releases
// (the shell's routes, robots.txt, the sitemaps, the page cache's invalidation).
import type { Compiler } from 'webpack';
import { manifestFile, sourceRoutesFile } from '../routes/sourceManifest';

export class EmitRoutesPlugin {
  /** `dir`: the front end's folder. */
  constructor(readonly dir: string) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitRoutesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(manifestFile(this.dir));
          compilation.emitAsset('routes.json', new RawSource(JSON.stringify(sourceRoutesFile(this.dir))));
        },
      );
    });
  }
}
