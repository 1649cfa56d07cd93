// npm start's supervisor: runs each part (the API, each front-end server) as a process of its own,
// restarts one that stops with a backoff, and never leaves one behind. In production each of them
// is a unit of its own under systemd or a container runtime (docs/operations.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../root';

/** Seconds before restarting a part that stopped, by its restarts in a row. */
export const RESTART_BACKOFF_SECONDS = [1, 2, 4, 8, 16, 30];
/** A part that ran this long before it stopped starts again from the first backoff. */
const STEADY_SECONDS = 60;
/**
 * How long a part has to stop on SIGTERM before it is killed: more than the parts' own bound on
 * a graceful stop (SHUTDOWN_TIMEOUT_SECONDS, 10 s), so they finish their requests in flight.
 */
const STOP_GRACE_MS = 15000;
/** Preloaded into every part: it stops when the supervisor is gone. */
export const CHILD_PRELOAD = join(ROOT, 'platform', 'src', 'server', 'supervisedChild.ts');
/** Node's options that preload it (with tsx, which it is written for). */
export const CHILD_PRELOAD_ARGS: readonly string[] = ['--import', 'tsx', '--import', CHILD_PRELOAD];

/** A process the supervisor runs. */
export interface Part {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

interface PartState {
  part: Part;
  child: ChildProcess | null;
  restarts: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

export class Supervisor {
  readonly #parts = new Map<string, PartState>();
  #stopping = false;
  readonly log: (line: string) => void;
  readonly error: (line: string) => void;
  readonly backoff: readonly number[];

  constructor({
    log = console.log,
    error = console.error,
    backoff = RESTART_BACKOFF_SECONDS,
  }: { log?: (line: string) => void; error?: (line: string) => void; backoff?: readonly number[] } = {}) {
    this.log = log;
    this.error = error;
    this.backoff = backoff;
  }

  /** Starts `part` and keeps it running. */
  run(part: Part): void {
    const state: PartState = { part, child: null, restarts: 0, startedAt: 0, timer: null };
    this.#parts.set(part.label, state);
    this.#start(state);
  }

  /** The pid of a part's current process (tests, and the start message). */
  pid(label: string): number | undefined {
    return this.#parts.get(label)?.child?.pid;
  }

  #start(state: PartState): void {
    const { part } = state;
    state.timer = null;
    state.startedAt = Date.now();
    const child = spawn(part.command, part.args, {
      cwd: part.cwd ?? ROOT,
      env: part.env ?? process.env,
      // The IPC channel is how the part learns that the supervisor is gone (supervised-child.mjs).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    state.child = child;
    const print = (line: string) => `[${part.label}] ${readableLine(line)}`;
    // stdout and stderr are pipes (stdio above): never null.
    if (child.stdout)
      createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => line && this.log(print(line)));
    if (child.stderr)
      createInterface({ input: child.stderr, crlfDelay: Infinity }).on(
        'line',
        (line) => line && this.error(print(line)),
      );
    child.on('error', (error) => this.error(`[${part.label}] could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (state.child !== child) return;
      state.child = null;
      if (this.#stopping) return;
      if (Date.now() - state.startedAt > STEADY_SECONDS * 1000) state.restarts = 0;
      const seconds = this.backoff[Math.min(state.restarts, this.backoff.length - 1)];
      state.restarts += 1;
      this.error(`[${part.label}] stopped (${signal || `exit ${code}`}); starting it again in ${seconds} s.`);
      state.timer = setTimeout(() => this.#start(state), seconds * 1000);
    });
  }

  /** Stops every part gracefully: SIGTERM (each answers its requests in flight), SIGKILL after the grace time. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(
      [...this.#parts.values()].map((state) => {
        if (state.timer) clearTimeout(state.timer);
        const child = state.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
        return new Promise<void>((resolve) => {
          const kill = setTimeout(() => {
            this.error(`[${state.part.label}] did not stop within ${STOP_GRACE_MS / 1000} s: killed.`);
            child.kill('SIGKILL');
          }, STOP_GRACE_MS);
          kill.unref();
          child.once('exit', (code) => {
            clearTimeout(kill);
            if (code === 0) this.log(`[${state.part.label}] stopped gracefully.`);
            resolve();
          });
          // The same stop as in production: the part answers what is in flight, then exits.
          child.kill('SIGTERM');
        });
      }),
    );
  }
}

/** Whether something accepts connections on `port` of this machine. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The inodes of the sockets listening on `port` (Linux: /proc/net/tcp and tcp6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address is fields[1] (ADDR:PORT), state fields[3] (0A: LISTEN), inode fields[9]
      if (fields.length > 9 && fields[1].endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * The process listening on `port`, when this machine tells (Linux /proc): its pid, command line
 * and working folder, and whether it is a part of this checkout's npm start (left by an earlier
 * start that was killed before it could stop it). Null when none is found or it cannot be read.
 */
export function portHolder(port: number): { pid: number; command: string; ours: boolean } | null {
  const inodes = listeningInodes(port);
  if (!inodes.size) return null;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (!inode || !inodes.has(inode)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        // another user's process
      }
      const ours =
        command.includes(CHILD_PRELOAD) ||
        (cwd === ROOT && /(api\/src\/main\.ts|scripts\/(serve-releases|start)\.mjs)/.test(command));
      return { pid: Number(pid), command, ours };
    }
  }
  return null;
}

/**
 * Makes each port free before the parts start: a part of this checkout left running by an earlier
 * start (one killed with kill -9 before this version, which stops its parts with it) is named and
 * stopped; anything else holding a port is named and the start refused. `ports`: label → port.
 * Resolves with why the start cannot go on (empty: every port is free).
 */
export async function freePorts(
  ports: Record<string, number>,
  { log = console.log }: { log?: (line: string) => void } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const [label, port] of Object.entries(ports)) {
    if (!(await portInUse(port))) continue;
    const holder = portHolder(port);
    if (holder?.ours) {
      log(
        `Port ${port} (${label}) is held by process ${holder.pid} (${holder.command}), left running by an earlier start: stopping it.`,
      );
      await stopProcess(holder.pid);
      if (!(await portInUse(port))) continue;
    }
    problems.push(
      holder
        ? `Port ${port} (${label}) is in use by process ${holder.pid}: ${holder.command}`
        : `Port ${port} (${label}) is in use by another program.`,
    );
  }
  return problems;
}

/** SIGTERM, then SIGKILL if it is still there after the grace time; resolves once it is gone. */
async function stopProcess(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + STOP_GRACE_MS;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    while (alive()) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A line of the API's log (pino), as far as it is shown. */
interface PinoLine {
  level?: unknown;
  msg?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { message?: string };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * A child's output line as a person reads it: the API logs JSON (pino), one object a line, for
 * log collectors; in a terminal it is its level, message, request and error. Other lines as they are.
 */
export function readableLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let entry: PinoLine | null;
  try {
    entry = JSON.parse(line) as PinoLine | null;
  } catch {
    return line;
  }
  if (typeof entry?.level !== 'number' || typeof entry.msg !== 'string') return line;
  const parts: unknown[] = [LEVELS[entry.level] ?? entry.level, entry.msg];
  if (entry.req?.method)
    parts.push(`(${entry.req.method} ${entry.req.url}${entry.res?.statusCode ? ` → ${entry.res.statusCode}` : ''})`);
  if (entry.err?.message && !entry.msg.includes(entry.err.message)) parts.push(`— ${entry.err.message}`);
  return parts.join(' ');
}
