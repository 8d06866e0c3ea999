// Slows every thread of the processes started after `enter()` alike, with the cgroup v1 `cpu`
// controller: a quota of period/rate of one CPU per period. The DevTools protocol's
// Emulation.setCPUThrottlingRate cannot do this for a prover: Chromium refuses it on worker
// targets ("Operation is only supported for pages, not workers"), and throttling the page alone
// slowed gnark's worker 1.7x at rate 4 and 1.6x at rate 8 (docs/results-service.md).
// Needs root and a writable /sys/fs/cgroup/cpu (the project's machines have both).
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CPU = '/sys/fs/cgroup/cpu';
const PERIOD_US = 10_000; // short, so that a slice of a proof is not one long stall
const MIN_QUOTA_US = 1_000; // the kernel refuses a smaller quota (EINVAL)

export const cgroupAvailable = () => process.getuid?.() === 0 && existsSync(join(CPU, 'cgroup.procs'));

/** A cgroup for this process and the ones it starts from now on; rate 1 is no limit. */
export function enterCpuGroup(name) {
  const dir = join(CPU, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(join(dir, 'cgroup.procs'), String(process.pid));
  return {
    /** Rates above 10 lengthen the period, since a quota cannot be under 1 ms. */
    setRate(rate) {
      const write = (file, value) => writeFileSync(join(dir, file), String(value));
      write('cpu.cfs_quota_us', -1);
      if (rate === 1) return;
      const period = Math.max(PERIOD_US, Math.ceil(MIN_QUOTA_US * rate));
      write('cpu.cfs_period_us', period);
      write('cpu.cfs_quota_us', Math.round(period / rate));
    },
    /** Moves this process back to the root group and removes this one (once its other processes ended). */
    leave() {
      writeFileSync(join(CPU, 'cgroup.procs'), String(process.pid));
      try {
        rmdirSync(dir);
      } catch {
        // a process of the group is still exiting; the empty group is harmless
      }
    },
  };
}
