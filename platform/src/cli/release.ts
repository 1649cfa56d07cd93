// npm run release -- <command>: front-end releases (see README, "Releasing a front end").
import { resolve } from 'node:path';
import { ports } from '../config/runtimeConfig';
import type { FrontEndName } from '../frontEnds';
import { describeVerdict, gate } from '../releases/gate';
import { buildAndPublish, sourceVersion } from '../releases/publish';
import {
  endCanary,
  move,
  promote,
  promoteCanary,
  readRegistry,
  rollback,
  startCanary,
  withRegistryLock,
  type CanaryFigures,
  type CanaryOutcome,
  type Registry,
  type RegistryUpdate,
} from '../releases/registry';
import { smoke } from '../releases/smoke';
import {
  FRONT_END_NAMES,
  ReleaseError,
  assertFrontEnd,
  assertReleaseId,
  listReleases,
  publishBuild,
  pruneReleases,
  readRelease,
  storeDir,
} from '../releases/store';
import { pooledFigures, sinceCanariesStarted } from '../telemetry/collector';
import { canaryOutcome } from '../telemetry/figures';

const USAGE = `Usage: npm run release -- <command>

  <front end> [--no-promote] [--no-smoke] [--force]
                                   build shell, shop, account or auction, check it against what is
                                   live (the gate), publish it as an immutable release, smoke-test
                                   a remote through a preview in the live site, and make it live
                                   (--no-promote: publish only; --no-smoke: no smoke run, e.g. for
                                   the first release into an empty store)
  publish <front end> <folder>     publish a build made elsewhere (a CI job's output)
  promote <front end> <release> [--force]
                                   make a published release live, if the gate allows it
  canary <front end> <release> --percent N [--no-smoke] [--force]
                                   serve a published release to a sticky N % (1-99) of new
                                   visitors, everyone else the live one, after the gate and (for a
                                   remote) the smoke run; ended by itself when it spends its error
                                   budget (docs/releasing.md)
  promote <front end>              make the running canary live for everyone
  rollback <front end>             end the running canary (everyone gets the live release)
  gate <front end> <release>       check a published release against what is live
  smoke <remote> <release>         open every route of a published release through a preview in
                                   the live site (SMOKE_URL, default the shell's port) in Chromium
  rollback <front end>             make the previous live release live again (no canary running)
  status                           each front end's live, previous and kept releases; a canary
                                   and its live release side by side (views, error rate,
                                   unavailable areas, p75 LCP/INP/CLS), canaries that ended
  prune [--keep N]                 remove all but the newest N releases of each front end
                                   (default RELEASES_KEEP or 10), never the live or previous one
  move <remote> <base URL|default> serve a remote's releases from another base URL
                                   (e.g. https://cdn.example/shop/), or from its own server again

The gate refuses a remote the live shell cannot run (shared versions, exposed types), and a shell
that cannot run every live remote. --force overrides it: for emergencies, recorded in the registry.
The store is RELEASES_DIR (default .releases/).`;

/**
 * Runs the gate; refuses (throws) unless it passes or --force is given. Returns the problems
 * a forced promote overrode.
 */
function passGate(
  store: string,
  frontEnd: FrontEndName,
  target: { id?: string; dir?: string },
  force: boolean,
): string[] | undefined {
  const started = Date.now();
  const verdict = gate(store, frontEnd, target);
  console.log(`${describeVerdict(verdict)} (${seconds((Date.now() - started) / 1000)})`);
  if (!verdict.problems.length) return undefined;
  if (!force) throw new ReleaseError(`${frontEnd} was refused by the gate.`);
  console.log('--force: going ahead anyway; recorded in the registry.');
  return verdict.problems.map((p) => p.message);
}

function keepOption(args: string[]): number {
  const at = args.indexOf('--keep');
  const raw = at >= 0 ? args[at + 1] : process.env.RELEASES_KEEP || '10';
  const keep = Number(raw);
  if (!Number.isInteger(keep) || keep < 2)
    throw new ReleaseError(`--keep must be a whole number of at least 2, got '${raw}'.`);
  return keep;
}

/** --percent N of a canary: a whole number from 1 to 99. */
function percentOption(args: string[]): number {
  const at = args.indexOf('--percent');
  const raw = at >= 0 ? args[at + 1] : undefined;
  const percent = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || percent < 1 || percent > 99)
    throw new ReleaseError(
      `canary needs --percent N, a whole number from 1 to 99${raw === undefined ? '' : `, got '${raw}'`}.`,
    );
  return percent;
}

/** Runs the smoke test of a remote's release in the live site; refuses (throws) on any problem. */
async function runSmoke(store: string, frontEnd: FrontEndName, id: string): Promise<void> {
  const siteUrl = (process.env.SMOKE_URL || `http://localhost:${ports().shell}`).replace(/\/$/, '');
  console.log(`Smoke run of ${frontEnd} ${id} through a preview in ${siteUrl} ...`);
  const started = Date.now();
  const { visited, problems } = await smoke({ store, frontEnd, id, siteUrl, log: console.log });
  const took = seconds((Date.now() - started) / 1000);
  if (problems.length) {
    throw new ReleaseError(
      `the smoke run of ${frontEnd} ${id} failed (${visited} routes, ${took}):\n${problems.map((p) => `  - ${p}`).join('\n')}\nNothing was made live.`,
    );
  }
  console.log(`Smoke run passed: ${visited} routes, no page error, unavailable area or failed request (${took}).`);
}

/** A duration for people: milliseconds below a second. */
const seconds = (s: number): string => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`);

function printEvent({ event }: RegistryUpdate, what: string): void {
  if (!event) console.log(`Nothing changed: ${what}.`);
  else
    console.log(
      `${event.frontEnd}: ${event.action} ${event.release ?? event.url ?? 'to its own server'}${event.from ? ` (was ${event.from})` : ''}. New page loads get it now.`,
    );
}

async function prune(store: string, keep: number): Promise<void> {
  const removed = await withRegistryLock(store, () => pruneReleases(store, readRegistry(store), { keep }));
  console.log(
    removed.length
      ? `Pruned ${removed.join(', ')}.`
      : `Nothing to prune (keeping the newest ${keep} of each front end).`,
  );
}

/** The figures of a front end's canary and its live release, as the history records them. */
function outcomeOf(store: string, registry: Registry, frontEnd: FrontEndName): CanaryOutcome | undefined {
  const canary = registry.frontEnds[frontEnd]?.canary;
  if (!canary) return undefined;
  const figures = pooledFigures(store, { keep: sinceCanariesStarted([{ frontEnd, ...canary }]) });
  return canaryOutcome(figures.summary(frontEnd, canary.live), figures.summary(frontEnd, canary.release));
}

const percentOf = (rate: number) => `${(rate * 100).toFixed(2)} %`;
const vital = (value: number | null, unit: string) => (value === null ? '-' : `${value}${unit}`);

/** Lines comparing live and canary figures, one column each. */
function figureLines({ live, canary }: CanaryOutcome, indent = '    '): string[] {
  const rows: [string, (f: CanaryFigures) => string][] = [
    ['release', (f) => f.release],
    ['page views', (f) => String(f.views)],
    ['error rate', (f) => percentOf(f.errorRate)],
    ['unavailable areas', (f) => String(f.unavailable)],
    ['p75 LCP', (f) => vital(f.p75.lcp, ' ms')],
    ['p75 INP', (f) => vital(f.p75.inp, ' ms')],
    ['p75 CLS', (f) => vital(f.p75.cls, '')],
  ];
  const width = Math.max(12, live.release.length + 2);
  return [
    `${indent}${''.padEnd(18)}${'live'.padEnd(width)}canary`,
    ...rows.map(([label, read]) => `${indent}${label.padEnd(18)}${read(live).padEnd(width)}${read(canary)}`),
  ];
}

function status(store: string): void {
  const registry = readRegistry(store);
  console.log(`Release store: ${store}`);
  for (const frontEnd of FRONT_END_NAMES) {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    const releases = listReleases(store, frontEnd);
    console.log(
      `\n${frontEnd}: live ${pointer.live ?? '(none)'}, previous ${pointer.previous ?? '(none)'}${pointer.url ? `, served from ${pointer.url}` : ''}`,
    );
    const forced = registry.history.filter((e) => e.frontEnd === frontEnd && e.forced);
    for (const e of forced)
      console.log(`  forced past the gate: ${e.release} at ${e.at} (${(e.forced ?? []).join(' ')})`);
    const canary = pointer.canary;
    const outcome = outcomeOf(store, registry, frontEnd);
    if (canary && outcome) {
      console.log(`  canary ${canary.release} to ${canary.percent} % of visitors since ${canary.startedAt}`);
      for (const line of figureLines(outcome)) console.log(line);
    }
    const ended = registry.history.filter((e) => e.frontEnd === frontEnd && e.action === 'canary-end');
    for (const e of ended.slice(-3)) {
      console.log(`  canary ${e.release} ended by itself at ${e.at}: ${(e.reasons ?? []).join('; ')}`);
      if (e.figures) for (const line of figureLines(e.figures)) console.log(line);
    }
    for (const r of releases) {
      const mark =
        r.id === pointer.live
          ? 'live    '
          : r.id === pointer.previous
            ? 'previous'
            : r.id === canary?.release
              ? 'canary  '
              : '        ';
      console.log(
        `  ${mark} ${r.id}  commit ${r.commit}${r.dirty ? ' (uncommitted changes)' : ''}  published ${r.publishedAt}  ${r.files} files, ${Math.round(r.bytes / 1024)} KB`,
      );
    }
  }
}

export async function main(args: string[], store = storeDir()): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  switch (command) {
    case 'status':
      status(store);
      return 0;
    case 'prune':
      await prune(store, keepOption(rest));
      return 0;
    case 'gate': {
      const [frontEnd, id] = rest;
      assertFrontEnd(frontEnd);
      assertReleaseId(id);
      const verdict = gate(store, frontEnd, { id });
      console.log(describeVerdict(verdict));
      return verdict.problems.length ? 1 : 0;
    }
    case 'smoke': {
      const [frontEnd, id] = rest;
      assertFrontEnd(frontEnd);
      assertReleaseId(id);
      await runSmoke(store, frontEnd, id);
      return 0;
    }
    case 'canary': {
      const [frontEnd, id] = rest;
      assertFrontEnd(frontEnd);
      assertReleaseId(id);
      const percent = percentOption(rest);
      if (!readRelease(store, frontEnd, id))
        throw new ReleaseError(
          `There is no release ${id} of ${frontEnd} in ${store}. See 'npm run release -- status'.`,
        );
      const running = readRegistry(store).frontEnds[frontEnd]?.canary;
      if (running)
        throw new ReleaseError(
          `${frontEnd} has a canary of ${running.release} running already (${running.percent} %): promote or roll it back first.`,
        );
      const forced = passGate(store, frontEnd, { id }, rest.includes('--force'));
      if (frontEnd !== 'shell' && !rest.includes('--no-smoke')) await runSmoke(store, frontEnd, id);
      await startCanary(store, frontEnd, id, percent, { forced });
      console.log(`${frontEnd}: canary ${id} to ${percent} % of new visitors, beside the live release. See 'status'.`);
      return 0;
    }
    case 'promote': {
      const [frontEnd, id] = rest;
      assertFrontEnd(frontEnd);
      if (id === undefined || id.startsWith('--')) {
        const { event } = await promoteCanary(store, frontEnd, {
          figures: outcomeOf(store, readRegistry(store), frontEnd),
        });
        console.log(`${frontEnd}: the canary ${event?.release} is live for everyone (was ${event?.from}).`);
        return 0;
      }
      assertReleaseId(id);
      if (!readRelease(store, frontEnd, id))
        throw new ReleaseError(
          `There is no release ${id} of ${frontEnd} in ${store}. See 'npm run release -- status'.`,
        );
      const forced = passGate(store, frontEnd, { id }, rest.includes('--force'));
      const started = Date.now();
      printEvent(await promote(store, frontEnd, id, { forced }), `${id} is already live`);
      console.log(`Promoted in ${seconds((Date.now() - started) / 1000)}.`);
      return 0;
    }
    case 'rollback': {
      const [frontEnd] = rest;
      assertFrontEnd(frontEnd);
      const registry = readRegistry(store);
      if (registry.frontEnds[frontEnd]?.canary) {
        const { event } = await endCanary(store, frontEnd, { figures: outcomeOf(store, registry, frontEnd) });
        console.log(`${frontEnd}: the canary ${event?.release} ended; everyone gets the live release ${event?.from}.`);
        return 0;
      }
      const previous = registry.frontEnds[frontEnd]?.previous;
      // A rollback is a promote of the previous release: the gate has its say there too.
      const forced = previous ? passGate(store, frontEnd, { id: previous }, rest.includes('--force')) : undefined;
      const started = Date.now();
      printEvent(await rollback(store, frontEnd, { forced }), 'nothing to roll back');
      console.log(`Rolled back in ${seconds((Date.now() - started) / 1000)}.`);
      return 0;
    }
    case 'move': {
      const [frontEnd, url] = rest;
      if (!url) throw new ReleaseError('move needs a base URL, or default.');
      printEvent(
        await move(store, frontEnd, url === 'default' ? null : url),
        `${frontEnd} is served from there already`,
      );
      return 0;
    }
    case 'publish': {
      const [frontEnd, folder] = rest;
      assertFrontEnd(frontEnd);
      if (!folder) throw new ReleaseError('publish needs the build folder.');
      const { release, created } = await publishBuild(store, frontEnd, resolve(folder), sourceVersion(frontEnd));
      console.log(`${frontEnd}: ${created ? 'published' : 'already published as'} ${release.id}`);
      console.log(`release id: ${release.id}`);
      return 0;
    }
    default: {
      assertFrontEnd(command);
      const keep = keepOption(rest);
      console.log(`Building ${command} ...`);
      let forced: string[] | undefined;
      const { release, created, buildSeconds, publishSeconds } = await buildAndPublish(store, command, {
        beforePublish: (dir) => {
          forced = passGate(store, command, { dir }, rest.includes('--force'));
        },
      });
      console.log(
        `${command}: ${created ? 'published' : 'already published as'} ${release.id} (build ${seconds(buildSeconds)}, publish ${seconds(publishSeconds)})`,
      );
      if (!rest.includes('--no-promote')) {
        if (command !== 'shell' && !rest.includes('--no-smoke')) await runSmoke(store, command, release.id);
        const started = Date.now();
        printEvent(await promote(store, command, release.id, { forced }), `${release.id} is already live`);
        console.log(`Promoted in ${seconds((Date.now() - started) / 1000)}.`);
        await prune(store, keep);
      }
      console.log(`release id: ${release.id}`);
      return 0;
    }
  }
}

/** The command line: exits with main's code, a refusal in words. */
export function run(args: string[]): Promise<never> {
  return main(args).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ReleaseError ? `release: ${error.message}` : error);
      process.exit(1);
    },
  );
}
