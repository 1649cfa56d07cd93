// npm run release -- <command>: front-end releases (see README, "Releasing a front end").
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildAndPublish } from './releases/publish.mjs';
import { move, promote, readRegistry, rollback, withRegistryLock } from './releases/registry.mjs';
import { FRONT_END_NAMES, ReleaseError, assertFrontEnd, listReleases, publishBuild, pruneReleases, storeDir } from './releases/store.mjs';
import { sourceVersion } from './releases/publish.mjs';

const USAGE = `Usage: npm run release -- <command>

  <front end> [--no-promote]       build shell, shop, account or auction, publish it as an
                                   immutable release and make it live (--no-promote: publish only)
  publish <front end> <folder>     publish a build made elsewhere (a CI job's output)
  promote <front end> <release>    make a published release live
  rollback <front end>             make the previous live release live again
  status                           each front end's live, previous and kept releases
  prune [--keep N]                 remove all but the newest N releases of each front end
                                   (default RELEASES_KEEP or 10), never the live or previous one
  move <remote> <base URL|default> serve a remote's releases from another base URL
                                   (e.g. https://cdn.example/shop/), or from its own server again

The store is RELEASES_DIR (default .releases/).`;

function keepOption(args) {
  const at = args.indexOf('--keep');
  const raw = at >= 0 ? args[at + 1] : process.env.RELEASES_KEEP || '10';
  const keep = Number(raw);
  if (!Number.isInteger(keep) || keep < 2) throw new ReleaseError(`--keep must be a whole number of at least 2, got '${raw}'.`);
  return keep;
}

/** A duration for people: milliseconds below a second. */
const seconds = (s) => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`);

function printEvent({ event }, what) {
  if (!event) console.log(`Nothing changed: ${what}.`);
  else console.log(`${event.frontEnd}: ${event.action} ${event.release ?? event.url ?? 'to its own server'}${event.from ? ` (was ${event.from})` : ''}. New page loads get it now.`);
}

async function prune(store, keep) {
  const removed = await withRegistryLock(store, () => pruneReleases(store, readRegistry(store), { keep }));
  console.log(removed.length ? `Pruned ${removed.join(', ')}.` : `Nothing to prune (keeping the newest ${keep} of each front end).`);
}

function status(store) {
  const registry = readRegistry(store);
  console.log(`Release store: ${store}`);
  for (const frontEnd of FRONT_END_NAMES) {
    const pointer = registry.frontEnds[frontEnd] ?? {};
    const releases = listReleases(store, frontEnd);
    console.log(`\n${frontEnd}: live ${pointer.live ?? '(none)'}, previous ${pointer.previous ?? '(none)'}${pointer.url ? `, served from ${pointer.url}` : ''}`);
    for (const r of releases) {
      const mark = r.id === pointer.live ? 'live    ' : r.id === pointer.previous ? 'previous' : '        ';
      console.log(`  ${mark} ${r.id}  commit ${r.commit}${r.dirty ? ' (uncommitted changes)' : ''}  published ${r.publishedAt}  ${r.files} files, ${Math.round(r.bytes / 1024)} KB`);
    }
  }
}

export async function main(args, store = storeDir()) {
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
    case 'promote': {
      const [frontEnd, id] = rest;
      assertFrontEnd(frontEnd);
      const started = Date.now();
      printEvent(await promote(store, frontEnd, id), `${id} is already live`);
      console.log(`Promoted in ${seconds((Date.now() - started) / 1000)}.`);
      return 0;
    }
    case 'rollback': {
      const started = Date.now();
      printEvent(await rollback(store, rest[0]), 'nothing to roll back');
      console.log(`Rolled back in ${seconds((Date.now() - started) / 1000)}.`);
      return 0;
    }
    case 'move': {
      const [frontEnd, url] = rest;
      if (!url) throw new ReleaseError('move needs a base URL, or default.');
      printEvent(await move(store, frontEnd, url === 'default' ? null : url), `${frontEnd} is served from there already`);
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
      const { release, created, buildSeconds, publishSeconds } = await buildAndPublish(store, command);
      console.log(`${command}: ${created ? 'published' : 'already published as'} ${release.id} (build ${seconds(buildSeconds)}, publish ${seconds(publishSeconds)})`);
      if (!rest.includes('--no-promote')) {
        const started = Date.now();
        printEvent(await promote(store, command, release.id), `${release.id} is already live`);
        console.log(`Promoted in ${seconds((Date.now() - started) / 1000)}.`);
        await prune(store, keep);
      }
      console.log(`release id: ${release.id}`);
      return 0;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof ReleaseError ? `release: ${error.message}` : error);
      process.exit(1);
    },
  );
}
