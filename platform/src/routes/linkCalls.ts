// The links the sources write (shared's linkTo('<name>', params), the API mails' own), checked against the
// manifests' link names, so a misspelt name or a missing route parameter fails CI rather than
// throwing LinkError in a shopper's page. Read with TypeScript's parser: nothing is run.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { sourceLinks } from '../config/runtimeConfig';
import { FRONT_ENDS } from '../frontEnds';
import { paramsOf } from './routeManifest';

/** Where links are written: every front end's sources, the shared package's, the API's (its mails) and the contract's. */
export const LINKING_DIRS: readonly string[] = [
  ...FRONT_ENDS.map((fe) => join(fe.dir, 'src')),
  join('shared', 'src'),
  join('api', 'src'),
  // The rules entry names the pages a notice links to (noticeTarget), for shared and the API alike.
  join('contract', 'src'),
];

/**
 * What is wrong with the linkTo calls of one source file, given the link table (name → pattern):
 * a name that is not a string literal or that no manifest gives, a route parameter the call's
 * object literal lacks (or no params at all), and a call outside any function, which would resolve
 * when the module loads, before the page's runtime config is read.
 */
export function linkCallProblems(file: string, text: string, links: Readonly<Record<string, string>>): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const problems: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'linkTo') {
      problems.push(...callProblems(node).map((problem) => `${at(node)}: ${problem}`));
    }
    ts.forEachChild(node, visit);
  };
  const callProblems = (call: ts.CallExpression): string[] => {
    const [name, params] = call.arguments;
    if (!name || !ts.isStringLiteralLike(name)) return ['the link name is not a string literal'];
    const pattern = links[name.text];
    if (pattern === undefined) return [`no manifest has a link named '${name.text}'`];
    const found: string[] = [];
    if (!inFunction(call)) found.push(`linkTo('${name.text}') runs when the module loads, before the runtime config`);
    const needed = paramsOf(pattern).map((param) => param.slice(1));
    if (params === undefined) {
      if (needed.length) found.push(`'${name.text}' (${pattern}) needs ${needed.join(', ')}`);
    } else if (ts.isObjectLiteralExpression(params) && !params.properties.some(ts.isSpreadAssignment)) {
      const given = new Set(
        params.properties.flatMap((p) => (p.name && !ts.isComputedPropertyName(p.name) ? [p.name.text] : [])),
      );
      const missing = needed.filter((param) => !given.has(param));
      if (missing.length) found.push(`'${name.text}' (${pattern}) needs ${missing.join(', ')}`);
    }
    return found;
  };
  visit(source);
  return problems;
}

/** Array methods whose callbacks run as they are called: at module scope, while the module loads. */
const EAGER_CALLBACKS = new Set(['map', 'flatMap', 'filter', 'forEach', 'reduce', 'some', 'every', 'find']);

/** Whether `fn` runs where it is written: an array method's callback or a function called at once. */
function runsAtOnce(fn: ts.Node): boolean {
  let outer = fn;
  while (ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  const call = outer.parent;
  if (!ts.isCallExpression(call)) return false;
  if (call.expression === outer) return true;
  return (
    call.arguments.includes(outer as ts.Expression) &&
    ts.isPropertyAccessExpression(call.expression) &&
    EAGER_CALLBACKS.has(call.expression.name.text)
  );
}

/** Whether `node` runs when a function is called later, not when its module loads. */
function inFunction(node: ts.Node): boolean {
  for (let up = node.parent; up; up = up.parent) if (ts.isFunctionLike(up) && !runsAtOnce(up)) return true;
  return false;
}

/** The source files of `dir` (recursively) where links are written: TypeScript, tests aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** The problems of every linkTo call in `root`'s sources (LINKING_DIRS), against their manifests. */
export function sourceLinkCallProblems(root: string): string[] {
  const links = sourceLinks(root);
  return LINKING_DIRS.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((file) =>
      linkCallProblems(relative(root, file), readFileSync(file, 'utf8'), links),
    ),
  );
}
