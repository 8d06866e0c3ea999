// One set-up at a time per cache: two `npm start` (or a `npm start` and a `npm test`) that built
// into the same cache folders and the same web/public/artifacts at once would interleave their
// writes. The lock is a file created exclusively (O_EXCL), holding the owner's pid; a lock whose
// owner is gone (killed, crashed) is stale and taken over, so a kill never leaves the cache locked.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * When process `pid` started (Linux: /proc/<pid>/stat, field 22, in clock ticks since boot), so
 * that a lock left by a dead process is not taken for live when its pid was given to another.
 */
function startTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the lock's owner still runs: its pid exists and, where /proc says, started when it did. */
const alive = ({ pid, ticks }) => {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if (e.code !== 'EPERM') return false; // EPERM: it exists, owned by someone else
  }
  return ticks === undefined || startTicks(pid) === undefined || startTicks(pid) === ticks;
};

/** The lock's owner { pid, since, what } if the file holds one, else undefined. */
function owner(path) {
  try {
    const o = JSON.parse(readFileSync(path, 'utf8'));
    return Number.isInteger(o.pid) ? o : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock at `path` for `what` (said to whoever waits), waiting while a live process holds
 * it: `onWait(message)` is told once, then it polls every `pollMs`. Resolves to release(), which is
 * also called when this process exits.
 */
export async function acquireLock(path, what, { onWait = console.log, pollMs = 2000 } = {}) {
  mkdirSync(dirname(path), { recursive: true });
  let told = false;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      const me = { pid: process.pid, ticks: startTicks(process.pid), since: new Date().toISOString(), what };
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    const o = owner(path);
    if (!o || !alive(o)) {
      // A stale lock (its owner died), or one being written this instant (no pid yet): a lock
      // whose file cannot be read is taken over only once its owner had time to write it.
      if (o || Date.now() - startedWaiting(path) > 1000) rmSync(path, { force: true });
      continue;
    }
    if (!told) {
      onWait(
        `another zkplay set-up (pid ${o.pid}, ${o.what}, since ${o.since}) is building into this cache (${path}); waiting for it to finish. Stop it, or set ZKPLAY_CACHE to use another cache.`,
      );
      told = true;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (owner(path)?.pid === process.pid) rmSync(path, { force: true });
  };
  process.on('exit', release);
  return release;
}

const firstSeen = new Map();
function startedWaiting(path) {
  if (!firstSeen.has(path)) firstSeen.set(path, Date.now());
  return firstSeen.get(path);
}
