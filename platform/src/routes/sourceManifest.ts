// A front end's route manifest read from its sources (<dir>/src/routes.ts), for its build
// (routes.json) and the development servers' /config.json. Its data is read without running its
// pages: the file is transpiled alone and each of its imports (pages, types) stands for an opaque
// value, since only the manifest's own data is read here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFunction } from 'node:vm';
import ts from 'typescript';
import { routesFile, type RouteManifest, type RoutesFile } from './routeManifest';

/** The manifest file of the front end in `dir`. */
export const manifestFile = (dir: string): string => join(dir, 'src', 'routes.ts');

/** What each import of a manifest is here: anything read of it is itself. */
const opaque: unknown = new Proxy(() => undefined, { get: (_target, key) => (key === '__esModule' ? true : opaque) });

/** The `routes` a manifest file exports. */
export function readManifest(file: string): RouteManifest {
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
  });
  const module = { exports: {} as { routes?: RouteManifest } };
  compileFunction(outputText, ['module', 'exports', 'require'], { filename: file })(
    module,
    module.exports,
    () => opaque,
  );
  const { routes } = module.exports;
  if (!routes || typeof routes !== 'object') throw new Error(`${file} exports no \`routes\` manifest`);
  return routes;
}

/** The routes.json of the front end in `dir`, from its manifest as it is now (a watch build sees edits). */
export function sourceRoutesFile(dir: string): RoutesFile {
  return routesFile(readManifest(manifestFile(dir)));
}
