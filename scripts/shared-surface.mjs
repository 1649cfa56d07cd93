// The public surface of @marketplace/shared, recorded with its version (shared/surface.json), so a
// change to what the front ends use (exports, contract schemas, store shapes) cannot ship without
// a semver bump. The surface is the package's declarations (.d.ts, as TypeScript emits them) of
// every module its entry points reach, and those of the workspace packages it depends on (linked, not
// installed: @marketplace/contract, which its ./contract entry re-exports), keyed by package name,
// split into top-level declarations, and into members for interfaces and object types. Compared
// with the record:
//   - a declaration or member removed or changed, or a required member added: major
//   - a declaration or an optional member added: minor
//   - nothing changed: the version may still move by a patch
// node scripts/shared-surface.mjs --check   (npm test): fails unless the record is the surface now
// node scripts/shared-surface.mjs --write   (npm run surface -w shared): records it, if the version allows
import { existsSync, lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const require = createRequire(import.meta.url);
const ts = require('typescript');
const semver = require('semver');

export const RECORD_FILE = 'surface.json';

const TEST_ENTRY = './testing';

/** Emits the package's declarations in memory and returns the files its entry points reach. */
function declarations(packageDir) {
  const configPath = join(packageDir, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: '/__surface__' },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = Object.entries(pkg.exports ?? { '.': pkg.main })
    // ./testing is the front ends' test kit: their tests run against this workspace, never a release.
    .filter(([key, file]) => key !== './package.json' && key !== TEST_ENTRY && /\.tsx?$/.test(file))
    .map(([key, file]) => ({ key, file: resolve(packageDir, file) }));
  const program = ts.createProgram({ rootNames: entries.map((e) => e.file), options: config.options });
  const emitted = new Map();
  const result = program.emit(undefined, (file, text) => emitted.set(file, text), undefined, true);
  const errors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length)
    throw new Error(
      ts.formatDiagnostics(errors, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => packageDir,
        getNewLine: () => '\n',
      }),
    );
  // Keep the declarations of the package's own sources (not its tests' helpers' dependencies elsewhere).
  const out = {};
  // getCommonSourceDirectory is internal to TypeScript (not in its typings) but present on every Program.
  const root =
    config.options.rootDir ??
    /** @type {import('typescript').Program & { getCommonSourceDirectory(): string }} */ (
      program
    ).getCommonSourceDirectory();
  for (const [file, text] of emitted) {
    const source = relative('/__surface__', file).replace(/\.d\.ts$/, '');
    const fromRoot = relative(packageDir, resolve(root, source));
    if (fromRoot.startsWith('..')) continue;
    out[fromRoot] = text;
  }
  return { entries: entries.map((e) => e.key), files: out };
}

/**
 * The folders of the workspace packages `packageDir` depends on: npm links a workspace into
 * node_modules (a symbolic link), where an installed package is a folder of its own.
 */
function workspaceDependencies(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return Object.keys(pkg.dependencies ?? {}).flatMap((name) => {
    for (let dir = packageDir; dirname(dir) !== dir; dir = dirname(dir)) {
      const link = join(dir, 'node_modules', name);
      if (existsSync(link)) return lstatSync(link).isSymbolicLink() ? [{ name, dir: realpathSync(link) }] : [];
    }
    return [];
  });
}

/** The declaration files of the package and of the workspace packages it depends on ('<name>/<file>'). */
function surfaceFiles(packageDir) {
  const { entries, files } = declarations(packageDir);
  for (const dependency of workspaceDependencies(packageDir)) {
    for (const [file, text] of Object.entries(surfaceFiles(dependency.dir).files))
      files[`${dependency.name}/${file}`] = text;
  }
  return { entries, files };
}

const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** Top-level declarations of one .d.ts file: name → text, or → { members } for object-like types. */
function splitDeclarations(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out = {};
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    // A re-export list is one entry per name: adding a name to it is an addition, not a change.
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const from = statement.moduleSpecifier ? ` from ${statement.moduleSpecifier.getText(source)}` : '';
      for (const spec of statement.exportClause.elements) {
        const typeOnly = statement.isTypeOnly || spec.isTypeOnly ? 'type ' : '';
        out[`export:${spec.name.getText(source)}`] =
          `export { ${typeOnly}${squash(spec.getText(source)).replace(/^type /, '')} }${from}`;
      }
      continue;
    }
    const { name: declaredName } =
      /** @type {import('typescript').Statement & { name?: import('typescript').Node }} */ (statement);
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(source))
      : declaredName
        ? [declaredName.getText(source)]
        : [`${ts.SyntaxKind[statement.kind]}:${squash(statement.getText(source)).slice(0, 80)}`];
    const members = ts.isInterfaceDeclaration(statement)
      ? statement.members
      : ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type)
        ? statement.type.members
        : typeBoxObjectMembers(statement);
    for (const name of names) {
      if (!members) {
        // Overloads and merged declarations share a name: all of them are the surface.
        const text = squash(statement.getText(source));
        if (out[name] && typeof out[name] === 'object')
          out[name].members[`(${ts.SyntaxKind[statement.kind]})`] = { text, optional: false };
        else out[name] = typeof out[name] === 'string' ? `${out[name]}\n${text}` : text;
        continue;
      }
      const head = squash(statement.getText(source).slice(0, statement.getText(source).indexOf('{')));
      const entry = { head, members: {} };
      for (const member of members) {
        const key = member.name ? member.name.getText(source) : squash(member.getText(source));
        const optional =
          Boolean(member.questionToken) ||
          (ts.isPropertySignature(member) && /^(\w+\.)?TOptional</.test(member.type?.getText(source) ?? ''));
        entry.members[key] = { text: squash(member.getText(source)), optional };
      }
      out[name] = entry;
    }
  }
  return out;
}

/**
 * The properties of a contract schema (`declare const X: TObject<{ a: TString; b: TOptional<…> }>`),
 * so a schema is compared property by property like an interface (TOptional: an optional member).
 */
function typeBoxObjectMembers(statement) {
  if (!ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) return null;
  const type = statement.declarationList.declarations[0].type;
  if (!type || !ts.isTypeReferenceNode(type) || !/(^|\.)TObject$/.test(type.typeName.getText())) return null;
  const literal = type.typeArguments?.[0];
  return literal && ts.isTypeLiteralNode(literal) ? literal.members : null;
}

/** The surface of the package now: { version, entries, declarations: { 'file#name': … } }. */
export function currentSurface(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const { entries, files } = surfaceFiles(packageDir);
  const declarationsByName = {};
  for (const file of Object.keys(files).sort()) {
    for (const [name, value] of Object.entries(splitDeclarations(file, files[file])))
      declarationsByName[`${file}#${name}`] = value;
  }
  return { name: pkg.name, version: pkg.version, entries, declarations: declarationsByName };
}

/** What changed between two surfaces, and the smallest bump it needs ('major', 'minor' or null). */
export function compareSurfaces(recorded, now) {
  const breaking = [];
  const additions = [];
  for (const key of new Set([...Object.keys(recorded.declarations), ...Object.keys(now.declarations)])) {
    const before = recorded.declarations[key];
    const after = now.declarations[key];
    if (before === undefined) additions.push(`added ${key}`);
    else if (after === undefined) breaking.push(`removed ${key}`);
    else if (typeof before === 'string' || typeof after === 'string') {
      if (JSON.stringify(before) !== JSON.stringify(after)) breaking.push(`changed ${key}`);
    } else {
      if (before.head !== after.head) breaking.push(`changed ${key}`);
      for (const member of new Set([...Object.keys(before.members), ...Object.keys(after.members)])) {
        const b = before.members[member];
        const a = after.members[member];
        if (!b)
          (a.optional ? additions : breaking).push(`added ${a.optional ? 'optional' : 'required'} ${key}.${member}`);
        else if (!a) breaking.push(`removed ${key}.${member}`);
        else if (a.text !== b.text) breaking.push(`changed ${key}.${member}`);
      }
    }
  }
  for (const entry of recorded.entries.filter((e) => !now.entries.includes(e)))
    breaking.push(`removed entry point ${entry}`);
  for (const entry of now.entries.filter((e) => !recorded.entries.includes(e)))
    additions.push(`added entry point ${entry}`);
  return { breaking, additions, needs: breaking.length ? 'major' : additions.length ? 'minor' : null };
}

/** Whether `version` is a large enough step from `from` for a change that needs `needs`. */
function bumpAllows(from, version, needs) {
  if (!semver.valid(version)) return false;
  const kind = semver.diff(from, version);
  if (!semver.gt(version, from)) return needs === null && version === from;
  if (needs === 'major') return kind === 'major' || (semver.major(from) === 0 && kind === 'minor');
  if (needs === 'minor') return kind !== 'patch' && kind !== 'prepatch';
  return true;
}

/** The verdict on the package as it is: { ok, message }. `write` records the surface when allowed. */
export function checkSurface(packageDir, { write = false } = {}) {
  const now = currentSurface(packageDir);
  const file = join(packageDir, RECORD_FILE);
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    recorded = null;
  }
  const record = () => writeFileSync(file, `${JSON.stringify(now, null, 1)}\n`);
  if (!recorded) {
    if (write) record();
    return {
      ok: write,
      message: write
        ? `Recorded the surface of ${now.name} ${now.version}.`
        : `${file} is missing: run npm run surface -w shared.`,
    };
  }
  const { breaking, additions, needs } = compareSurfaces(recorded, now);
  const changes = [...breaking, ...additions];
  const listed =
    changes
      .slice(0, 15)
      .map((c) => `  - ${c}`)
      .join('\n') + (changes.length > 15 ? `\n  … and ${changes.length - 15} more` : '');
  if (semver.valid(now.version) && semver.lt(now.version, recorded.version)) {
    return {
      ok: false,
      message: `${now.name} says version ${now.version}, below the recorded ${recorded.version}: a version never goes back. Set it to ${recorded.version} or above.`,
    };
  }
  if (!bumpAllows(recorded.version, now.version, needs)) {
    const wanted = needs ? semver.inc(recorded.version, /** @type {'major' | 'minor'} */ (needs)) : recorded.version;
    return {
      ok: false,
      message:
        `The public surface of ${now.name} changed since ${recorded.version} and needs a ${needs} version (at least ${wanted}); ` +
        `package.json says ${now.version}.\n${listed}\nBump "version" in ${now.name}'s package.json, raise the range the front ends that use the change declare ` +
        `(their "${now.name}" dependency), then run: npm run surface -w shared`,
    };
  }
  if (!changes.length && recorded.version === now.version)
    return { ok: true, message: `${now.name} ${now.version}: the public surface is as recorded.` };
  if (write) {
    record();
    return {
      ok: true,
      message: `Recorded the surface of ${now.name} ${now.version}${changes.length ? `:\n${listed}` : ''}.`,
    };
  }
  return {
    ok: false,
    message: `${now.name} ${now.version} is not recorded${changes.length ? ` (the surface changed:\n${listed})` : ''}: run npm run surface -w shared and commit shared/${RECORD_FILE}.`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const write = process.argv.includes('--write');
  const dirArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const packageDir = resolve(dirArg ?? join(ROOT, 'shared'));
  const started = Date.now();
  try {
    const { ok, message } = checkSurface(packageDir, { write });
    console[ok ? 'log' : 'error'](`${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    process.exit(ok ? 0 : 1);
  } catch (error) {
    console.error(`shared surface: ${error.message}`);
    process.exit(1);
  }
}
