// @ts-check
// Children of the local stack: started in their own process group, logged to files,
// and all stopped together when the parent ends, so no orphan keeps a port.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {(() => unknown)[]} */
const cleanups = [];
let stopping = false;

/**
 * @param {string} name the log file's name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, logDir?: string, cwd?: string, inherit?: boolean }} [options]
 */
export function spawnService(name, command, args, { env = {}, logDir, cwd, inherit = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  if (!inherit && logDir && child.stdout && child.stderr) {
    mkdirSync(logDir, { recursive: true });
    const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    // Both streams write one file: neither may end it while the other still writes (a child whose
    // stdout closes before its stderr crashed the runner with «write after end»).
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', () => log.end());
  }
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** @param {() => unknown} fn run by stopAll, last registered first */
export function onStop(fn) {
  cleanups.push(fn);
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
export function killGroup(child, signal) {
  // No pid: it never started. (Never kill(-0): that is our own process group.)
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * Stops one service (its whole process group): SIGTERM, then SIGKILL after 3 s.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopService(child) {
  return new Promise((/** @type {(value?: void) => void} */ resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    killGroup(child, 'SIGTERM');
  });
}

export async function stopAll() {
  if (stopping) return;
  stopping = true;
  await Promise.all([...children].map(stopService));
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(error);
    }
  }
}

let handlersInstalled = false;
/** Ctrl-C, kill, or a crash: stop everything we started, then exit. */
export function stopAllOnExit() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143)));
  }
  process.on('exit', () => {
    for (const child of children) killGroup(child, 'SIGKILL');
  });
}

/**
 * Spawns a service and waits until `readyUrl` answers. Each check gives up after 2 s, so something else
 * on the port that never answers does not hang the start; a child that exits first or never comes up is
 * stopped, and the error names its log.
 * @param {string} name the log file's name
 * @param {string} command
 * @param {string[]} args
 * @param {{ readyUrl: string, what: string, logDir: string, env?: Record<string, string>, timeoutMs?: number }} options
 */
export async function spawnReady(name, command, args, { readyUrl, what, logDir, env, timeoutMs }) {
  const child = spawnService(name, command, args, { env, logDir });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    await waitFor(async () => (await fetch(readyUrl, { signal: AbortSignal.timeout(2000) })).ok, {
      what,
      timeoutMs,
      failed: () => exited && `${what} terminó al arrancar; mira ${join(logDir, `${name}.log`)}`,
    });
  } catch (error) {
    await stopService(child);
    throw error;
  }
  return child;
}

/**
 * Asks the kernel not to hand out `ports` as the local ports of outgoing connections, where it may
 * (root, Linux): the stack's fixed ports sit inside the ephemeral range, and a connection of anything
 * on the machine holding one kept MailDev from starting through all of startWithRetry's tries once.
 * Best effort: elsewhere the retries remain.
 * @param {number[]} ports
 */
export function reservePorts(ports) {
  const file = '/proc/sys/net/ipv4/ip_local_reserved_ports';
  try {
    const held = readFileSync(file, 'utf8').trim();
    writeFileSync(file, [held, ...ports].filter(Boolean).join(','));
  } catch {
    /* not Linux, or not root: the retries stand alone */
  }
}

/**
 * Starts a service, again after a moment (up to five tries) when `retryable` says why it could not: the
 * stack's fixed ports sit inside Linux's ephemeral range, so an outgoing connection of anything on the
 * machine can briefly hold one.
 * @template T
 * @param {() => Promise<T>} start
 * @param {(error: unknown) => boolean} retryable
 * @returns {Promise<T>}
 */
export async function startWithRetry(start, retryable) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt === 5 || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/**
 * Polls `check` until it is truthy; `failed` may return a reason to give up at once.
 * @param {() => unknown} check
 * @param {{ timeoutMs?: number, intervalMs?: number, what?: string, failed?: () => string | false | null | undefined }} [options]
 */
export async function waitFor(check, { timeoutMs = 30000, intervalMs = 100, what = 'servicio', failed = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
