// What else the machine was doing while a benchmark ran: the load average and the processes
// that used CPU in the last second, from /proc. A benchmark records this before, between and
// after its phases so that a number measured under load can be labelled as such.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { log } from './steps.mjs';

/** CPU ticks (user + system) of every process, from /proc: a snapshot to diff. */
function cpuTicks() {
  const ticks = new Map();
  for (const pid of existsSync('/proc') ? readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : []) {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = st.lastIndexOf(')');
      const fields = st.slice(close + 2).split(' '); // fields[0] is stat's 3rd field
      ticks.set(pid, { comm: st.slice(st.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** Load average and the processes other than this one (and its children, by `ignore`) busy in the last second. */
export async function machineLoad(when, { ignore = () => false } = {}) {
  const loadavg = existsSync('/proc/loadavg')
    ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number)
    : [];
  const a = cpuTicks();
  await new Promise((r) => setTimeout(r, 1000));
  const b = cpuTicks();
  const busiest = [...b]
    .filter(([pid, { comm }]) => Number(pid) !== process.pid && !ignore(comm))
    .map(([pid, { comm, ticks }]) => ({ comm, pct: ticks - (a.get(pid)?.ticks ?? ticks) })) // 100 ticks per second
    .filter((p) => p.pct >= 5)
    .sort((x, y) => y.pct - x.pct)
    .slice(0, 5)
    .map((p) => `${p.comm} ${p.pct}%`);
  log(
    `load ${when}: ${loadavg.join(' ')}${busiest.length ? `; busy in the last second: ${busiest.join(', ')}` : '; nothing else busy in the last second'}`,
  );
  return { when, at: new Date().toISOString(), loadavg, otherBusyProcesses: busiest };
}

/**
 * Whether samples say the machine was not idle. The load average after a phase counts the
 * benchmark's own work: only the one taken before it started, and processes other than ours busy
 * at any sample, count.
 */
export function wasUnderLoad(loads) {
  return (loads[0]?.loadavg[0] ?? 0) > 0.5 * cpus().length || loads.some((l) => l.otherBusyProcesses.length > 0);
}

/** One line for a result file's note: the load average before, and anything else seen busy. */
export function describeLoad(loads) {
  const others = [...new Set(loads.flatMap((l) => l.otherBusyProcesses))];
  const head = `load average ${loads[0]?.loadavg.join(' / ') ?? '?'} (1/5/15 min) before`;
  return wasUnderLoad(loads)
    ? `Measured UNDER LOAD (${head}${others.length ? `; also busy: ${others.join(', ')}` : ''}): upper bounds.`
    : `Measured on an idle machine (${head}; no other process above 5% CPU at ${loads.map((l) => l.when).join(', ')}).`;
}
