#!/usr/bin/env node
// The registry mirror this project is built on serves only some platform builds of packages
// such as unrs-resolver, so `npm install` leaves the other platforms' optional dependencies out
// of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds an entry
// (version, os, cpu, libc, optional) for each missing platform build, read from its name, so the
// lock is complete; npm skips those entries on any other platform without downloading them.
// Run after changing dependencies: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu || (!os && cpu !== 'wasm32')) return null;
  const abi = parts.find((p) => /^(gnu|musl)/.test(p));
  const libc = abi ? (abi.startsWith('musl') ? 'musl' : 'glibc') : undefined;
  return { os, cpu, libc };
}

let added = 0;
const unknown = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) {
      unknown.push(`${dep} (wanted by ${path || 'root'})`);
      continue;
    }
    lock.packages[`node_modules/${dep}`] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      ...(platform.os ? { os: [platform.os] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
if (unknown.length) {
  console.error(
    `complete-lockfile: optional dependencies missing from the lock that are not platform builds:\n  ${unknown.join('\n  ')}`,
  );
  process.exitCode = 1;
}
