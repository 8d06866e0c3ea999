// The build queue of `npm start` and the set-up (scripts/lib/build-queue.mjs) and the cache lock
// (scripts/lib/lock.mjs): fastest first, one failure stops one job, a kill never publishes half a
// build, and two set-ups never build into one cache at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BuildQueue, buildStaged } from './build-queue.mjs';
import { acquireLock } from './lock.mjs';
import { run, step } from './steps.mjs';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `zkplay-${name}-`));

type Job = ConstructorParameters<typeof BuildQueue>[0]['jobs'][number];
const job = (id: string, estimate: number, fn: () => Promise<string | undefined> = async () => undefined): Job => ({
  id,
  group: 'backend',
  label: id,
  estimate,
  run: fn,
});

describe('BuildQueue', () => {
  it('builds the backends fastest first by estimate, then by what this machine measured', async () => {
    const cacheDir = tmp('queue-order');
    const order: string[] = [];
    const jobs = ['slow:600', 'fast:90', 'mid:300'].map((s) => {
      const [id, est] = s.split(':');
      return job(id, Number(est), async () => void order.push(id));
    });
    await new BuildQueue({ jobs, cacheDir }).run();
    expect(order).toEqual(['fast', 'mid', 'slow']);

    // This machine built `slow` in 10 s last time: it goes first now.
    writeFileSync(join(cacheDir, 'build-seconds.json'), JSON.stringify({ slow: 10, fast: 90, mid: 300 }));
    order.length = 0;
    await new BuildQueue({ jobs, cacheDir }).run();
    expect(order).toEqual(['slow', 'fast', 'mid']);
    // Those runs found everything in a cache (0 s each): the figures of real builds are kept.
    expect(JSON.parse(readFileSync(join(cacheDir, 'build-seconds.json'), 'utf8'))).toEqual({
      slow: 10,
      fast: 90,
      mid: 300,
    });
  });

  it('puts extras after every backend, whatever their estimates', async () => {
    const order: string[] = [];
    const jobs = [
      { ...job('primitives', 1, async () => void order.push('primitives')), group: 'extra' as const },
      job('halo2', 600, async () => void order.push('halo2')),
    ];
    await new BuildQueue({ jobs, cacheDir: tmp('queue-extras') }).run();
    expect(order).toEqual(['halo2', 'primitives']);
  });

  it('goes on after a failed job and keeps its message and the last lines of its log', async () => {
    const cacheDir = tmp('queue-fail');
    const seen: string[][] = [];
    const queue = new BuildQueue({
      cacheDir,
      quiet: true,
      onChange: (s) => seen.push(s.jobs.map((j) => `${j.id}:${j.state}`)),
      jobs: [
        job('broken', 1, () =>
          step('compile the broken backend', () =>
            run(process.execPath, [
              '-e',
              'console.log("compiling a");console.error("error[E0425]: cannot find value");process.exit(101)',
            ]),
          ).then(() => undefined),
        ),
        job('fine', 2, async () => 'threads, single'),
      ],
    });
    const failed = await queue.run();
    expect(failed).toEqual(['broken']);
    const [broken, fine] = queue.status().jobs;
    expect(broken.state).toBe('failed');
    expect(broken.error).toMatch(/exited with 101/);
    expect(broken.log?.join('\n')).toContain('error[E0425]: cannot find value');
    expect(readFileSync(broken.logFile!, 'utf8')).toContain('compiling a');
    expect(fine).toMatchObject({ state: 'ready', summary: 'threads, single' });
    // Each job was seen building with its step, before its end.
    expect(seen.some((s) => s.includes('broken:building'))).toBe(true);
  });
});

describe('buildStaged', () => {
  it('publishes only a finished build: a kill half-way leaves the old one, and the next run rebuilds', async () => {
    const dir = tmp('staged');
    const dest = join(dir, 'artifacts', 'gnark');
    const staging = join(dir, 'staging', 'gnark');
    // The published build of an earlier run.
    await buildStaged(staging, dest, async (d) => writeFileSync(join(d, 'index.json'), '{"build":"old"}'));
    // A build that writes half of its files, then is killed (SIGKILL: no handler runs).
    const script = join(dir, 'half.mjs');
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStaged } from ${JSON.stringify(pathToFileURL(join(__dirname, 'build-queue.mjs')).href)};
await buildStaged(${JSON.stringify(staging)}, ${JSON.stringify(dest)}, async (d) => {
  writeFileSync(join(d, 'gnark.wasm'), 'half');
  console.log('half-way');
  await new Promise(() => setInterval(() => {}, 1000));
});`,
    );
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((ok) => child.stdout.on('data', (d) => String(d).includes('half-way') && ok()));
    child.kill('SIGKILL');
    await new Promise((ok) => child.on('exit', ok));

    expect(readFileSync(join(dest, 'index.json'), 'utf8')).toBe('{"build":"old"}');
    expect(existsSync(join(dest, 'gnark.wasm'))).toBe(false);

    await buildStaged(staging, dest, async (d) => {
      expect(existsSync(join(d, 'gnark.wasm'))).toBe(false); // the half-written file is not reused
      writeFileSync(join(d, 'index.json'), '{"build":"new"}');
      writeFileSync(join(d, 'gnark.wasm'), 'whole');
    });
    expect(readFileSync(join(dest, 'gnark.wasm'), 'utf8')).toBe('whole');
    expect(readFileSync(join(dest, 'index.json'), 'utf8')).toBe('{"build":"new"}');
  });
});

describe('acquireLock', () => {
  it("takes over a lock whose pid now belongs to another process (the owner's start time differs)", async () => {
    const path = join(tmp('lock-reused'), 'setup.lock');
    // This process is alive, but it is not the one that wrote the lock: that one started at another tick.
    writeFileSync(
      path,
      JSON.stringify({ pid: process.pid, ticks: '1', since: new Date().toISOString(), what: 'npm start' }),
    );
    const messages: string[] = [];
    const release = await acquireLock(path, 'npm test', { onWait: (m) => messages.push(m), pollMs: 20 });
    expect(messages).toEqual([]);
    release();
  });

  it('makes a second set-up wait, with a message naming the first, until the first releases', async () => {
    const path = join(tmp('lock'), 'setup.lock');
    const release = await acquireLock(path, 'npm start', { onWait: () => {} });
    const messages: string[] = [];
    let second = false;
    const waiting = acquireLock(path, 'npm test', { onWait: (m) => messages.push(m), pollMs: 20 }).then((r) => {
      second = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(second).toBe(false);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`pid ${process.pid}, npm start`));
    release();
    (await waiting)();
    expect(second).toBe(true);
  });

  it('takes over a lock whose owner is gone (killed, crashed)', async () => {
    const path = join(tmp('lock-stale'), 'setup.lock');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((ok) => dead.on('exit', ok));
    writeFileSync(path, JSON.stringify({ pid: dead.pid, since: new Date().toISOString(), what: 'npm start' }));
    const messages: string[] = [];
    const release = await acquireLock(path, 'npm test', { onWait: (m) => messages.push(m), pollMs: 20 });
    expect(messages).toEqual([]);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path)).toBe(false);
  });
});
