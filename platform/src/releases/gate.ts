// The release gate: a remote goes live only if the live shell can run it, and a shell only if it
// can run every live remote. Read from the releases themselves (their manifests and types/), never
// from the source tree: the shell that is live is what the remote will meet.
//   - shared singletons: each version the shell provides must satisfy the range the remote requires
//     (the shell loads first and its copy is the one in the page)
//   - types: each module the shell loads of a remote (its types/remote-contract.d.ts) must be
//     exposed by the remote, with a type assignable to what the shell expects
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';
import ts from 'typescript';
import { REMOTE_NAMES, type FrontEndName } from '../frontEnds';
import { ROOT } from '../root';
import { readRegistry } from './registry';
import { ReleaseError, releaseDir } from './store';

const CONTRACT = 'types/remote-contract.d.ts';

/** What the gate reads of a release's mf-manifest.json. */
interface Manifest {
  shared?: { name: string; version: string; singleton?: boolean; requiredVersion?: string }[];
  exposes?: { path: string }[];
}

/** One side of a check: a release (or a build folder) and its manifest. */
interface Side {
  name: FrontEndName;
  id: string | undefined;
  dir: string;
  label: string;
  manifest: Manifest;
}

export interface GateProblem {
  kind: 'shared version' | 'exposed module' | 'exposed types';
  message: string;
  fix: string;
}

export interface Verdict {
  /** What was checked against what ('shop … against the live shell …'). */
  checked: string[];
  /** Empty: it passed. */
  problems: GateProblem[];
}

function readManifest(dir: string, label: string): Manifest {
  const file = join(dir, 'mf-manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new ReleaseError(
      `The gate cannot read ${label}'s manifest (${file}): ${(error as Error).message}. It refuses rather than guess.`,
    );
  }
}

/** Shared singletons: what the shell provides against what the remote requires. */
function sharedProblems(shell: Side, remote: Side): GateProblem[] {
  const provided = new Map((shell.manifest.shared ?? []).map((s) => [s.name, s.version]));
  const problems: GateProblem[] = [];
  for (const need of remote.manifest.shared ?? []) {
    if (!need.singleton || !need.requiredVersion || !provided.has(need.name)) continue;
    const version = provided.get(need.name) ?? '';
    if (!semver.valid(version) || !semver.validRange(need.requiredVersion)) {
      throw new ReleaseError(
        `The gate cannot compare ${need.name}: ${shell.label} provides '${version}', ${remote.label} requires '${need.requiredVersion}'. It refuses rather than guess.`,
      );
    }
    if (semver.satisfies(version, need.requiredVersion, { includePrerelease: true })) continue;
    problems.push({
      kind: 'shared version',
      message: `${remote.label} requires ${need.name} ${need.requiredVersion}, but ${shell.label} provides ${version}.`,
      fix: semver.gtr(version, need.requiredVersion)
        ? `Build ${remote.name} against ${need.name} ${version} (raise its range) before releasing it, or keep the previous shell live.`
        : `Release a shell built with ${need.name} satisfying ${need.requiredVersion} first, or build ${remote.name} against the range the shell provides (${version}).`,
    });
  }
  return problems;
}

function copyTree(from: string, to: string): void {
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    if (statSync(source).isDirectory()) copyTree(source, join(to, entry));
    else {
      mkdirSync(to, { recursive: true });
      writeFileSync(join(to, entry), readFileSync(source));
    }
  }
}

/** Types: the shell's contract against the remote's exposed modules, compiled together. */
function typeProblems(shell: Side, remote: Side): GateProblem[] {
  const contractFile = join(shell.dir, CONTRACT);
  if (!existsSync(contractFile)) {
    throw new ReleaseError(
      `${shell.label} has no ${CONTRACT}; the gate cannot check types against it and refuses rather than guess.`,
    );
  }
  const contract = readFileSync(contractFile, 'utf8');
  const keys = [...contract.matchAll(/^\s*'(\.\/[^']+)':/gm)].map((m) => m[1]);
  const exposed = new Set((remote.manifest.exposes ?? []).map((e) => e.path));
  const problems: GateProblem[] = [];
  // Bare imports (react, @marketplace/shared) resolve from this checkout's node_modules.
  const work = mkdtempSync(join(ROOT, 'node_modules', '.release-gate-'));
  try {
    writeFileSync(join(work, 'shell.d.ts'), contract);
    const lines = ["import type { RemoteModules } from './shell';"];
    /** Line of check.ts (0-based) → the module it checks. */
    const lineKeys = new Map<number, string>();
    for (const [index, key] of keys.entries()) {
      const name = key.replace(/^\.\//, '');
      if (!exposed.has(key)) {
        problems.push({
          kind: 'exposed module',
          message: `${remote.label} does not expose ${key}, which ${shell.label} loads.`,
          fix: `Expose ${key} from ${remote.name} again.`,
        });
        continue;
      }
      if (!existsSync(join(remote.dir, 'types', 'exposes', `${name}.d.ts`))) {
        throw new ReleaseError(
          `${remote.label} has no types/exposes/${name}.d.ts; the gate refuses rather than guess.`,
        );
      }
      lines.push(`import type * as Exposed${index} from './remote/${name}';`);
      lineKeys.set(lines.length, key);
      lines.push(`export const check${index}: RemoteModules['${key}'] = null as unknown as typeof Exposed${index};`);
    }
    if (lineKeys.size) copyTree(join(remote.dir, 'types', 'exposes'), join(work, 'remote'));
    writeFileSync(join(work, 'check.ts'), `${lines.join('\n')}\n`);
    const program = ts.createProgram([join(work, 'check.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      types: [],
    });
    // What the two releases declare, not the libraries they import (those are this checkout's).
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter(
        (d) =>
          d.category === ts.DiagnosticCategory.Error && (!d.file || !relative(work, d.file.fileName).startsWith('..')),
      );
    for (const d of diagnostics) {
      const where = d.file ? relative(work, d.file.fileName) : '';
      // Name the remote's module as people know it, not by the gate's scratch folder.
      const text = ts
        .flattenDiagnosticMessageText(d.messageText, '\n    ')
        .replace(/typeof import\("[^"]*\/remote\/([^"]+)"\)/g, `${remote.name}'s ./$1`);
      const key =
        d.file && where === 'check.ts' && d.start !== undefined
          ? lineKeys.get(d.file.getLineAndCharacterOfPosition(d.start).line)
          : undefined;
      problems.push({
        kind: 'exposed types',
        message: `${remote.label}'s ${key ?? 'exposed types'} does not match what ${shell.label} renders${where && where !== 'check.ts' ? ` (${where})` : ''}:\n    ${text}`,
        fix: `Keep ${key ?? 'the exposed module'} of ${remote.name} as the shell's contract says (shell/src/federation/remoteContract.ts), or release a shell whose contract accepts it first.`,
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return problems;
}

function side(store: string, frontEnd: FrontEndName, id: string | undefined, dir?: string): Side {
  const where = dir ?? releaseDir(store, frontEnd, id ?? '');
  const label = `${frontEnd === 'shell' ? 'the live shell' : frontEnd} ${id ?? `(build in ${where})`}`;
  return { name: frontEnd, id, dir: where, label, manifest: readManifest(where, label) };
}

/**
 * Checks a candidate release (a published id, or a build folder) against what is live.
 */
export function gate(store: string, frontEnd: FrontEndName, { id, dir }: { id?: string; dir?: string } = {}): Verdict {
  const live = readRegistry(store).frontEnds;
  const checked: string[] = [];
  const problems: GateProblem[] = [];
  if (frontEnd === 'shell') {
    const candidate = side(store, 'shell', id, dir);
    candidate.label = `shell ${id ?? `(build in ${candidate.dir})`}`;
    for (const remoteName of REMOTE_NAMES) {
      const remoteId = live[remoteName]?.live;
      if (!remoteId) continue;
      const remote = side(store, remoteName, remoteId);
      remote.label = `the live ${remoteName} ${remoteId}`;
      checked.push(`${candidate.label} against ${remote.label}`);
      problems.push(...sharedProblems(candidate, remote), ...typeProblems(candidate, remote));
    }
  } else {
    const shellId = live.shell?.live;
    if (shellId) {
      const shell = side(store, 'shell', shellId);
      const remote = side(store, frontEnd, id, dir);
      checked.push(`${remote.label} against ${shell.label}`);
      problems.push(...sharedProblems(shell, remote), ...typeProblems(shell, remote));
    }
  }
  return { checked, problems };
}

/** The gate's verdict in words, for the release command. */
export function describeVerdict({ checked, problems }: Verdict): string {
  if (!checked.length) return 'Gate: nothing live to check against.';
  if (!problems.length) return `Gate: compatible (${checked.join('; ')}).`;
  return [
    `Gate: refused (${checked.join('; ')}):`,
    ...problems.map((p, i) => `  ${i + 1}. [${p.kind}] ${p.message}\n     Fix: ${p.fix}`),
    'Nothing was made live. --force promotes anyway (recorded in the registry; for emergencies).',
  ].join('\n');
}
