// CPU profiles of the page's Web Workers through the DevTools protocol, and a summary of where
// the time went. The provers run in workers (and rayon's threads in workers those start), which
// Playwright's own CDP session does not reach: this attaches to every worker as it starts, with
// Target.setAutoAttach in non-flattened mode so that nested workers are reached through their
// parent, and samples each with V8's profiler until stopped. The profiles are the .cpuprofile
// files DevTools opens (Performance panel, "Load profile").
//
// Wasm frames carry the names of the module's name section: Rust's are demangled already, with
// crate disambiguators ("halo2_axiom[e3fd33d8faf3325e]::plonk") that are dropped here; Go's are
// package paths with '/' written '_' ("github.com_consensys_gnark_crypto_ecc_bn254_fr.__Element_.Mul").

/** Starts profiling every worker of the page (and theirs); stop() returns one profile per worker still alive. */
export async function profileWorkers(page, { samplingUs = 500, log = () => {} } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const sessions = [];
  const rootChildren = new Map();

  // A session reached through its parent: its messages travel in Target.sendMessageToTarget.
  const attach = (parentSend, children, { sessionId, targetInfo, waitingForDebugger }) => {
    const pending = new Map();
    let nextId = 1;
    const child = {
      targetInfo,
      children: new Map(),
      alive: true,
      send(method, params = {}) {
        const id = nextId++;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject, method });
          parentSend('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id, method, params }),
          }).catch((e) => {
            pending.delete(id);
            reject(e);
          });
        });
      },
      receive(message) {
        const m = JSON.parse(message);
        if (m.id !== undefined) {
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (m.error) p?.reject(new Error(`${p.method}: ${m.error.message}`));
          else p?.resolve(m.result);
        } else if (m.method === 'Target.attachedToTarget') attach(child.send, child.children, m.params);
        else if (m.method === 'Target.receivedMessageFromTarget')
          child.children.get(m.params.sessionId)?.receive(m.params.message);
        else if (m.method === 'Target.detachedFromTarget') detach(child.children, m.params.sessionId);
      },
    };
    children.set(sessionId, child);
    if (!/worker/.test(targetInfo.type)) {
      if (waitingForDebugger) child.send('Runtime.runIfWaitingForDebugger').catch(() => {});
      return;
    }
    sessions.push(child);
    (async () => {
      await child.send('Profiler.enable');
      await child.send('Profiler.setSamplingInterval', { interval: samplingUs });
      await child.send('Profiler.start');
      // rayon's threads are workers this worker starts.
      await child.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
      log(`profiling ${targetInfo.type} "${targetInfo.title || targetInfo.url}"`);
    })()
      .catch((e) => log(`could not profile ${targetInfo.type} ${targetInfo.url}: ${e.message}`))
      .finally(() => waitingForDebugger && child.send('Runtime.runIfWaitingForDebugger').catch(() => {}));
  };
  const detach = (children, sessionId) => {
    const c = children.get(sessionId);
    if (c) c.alive = false; // a worker that ended took its profile with it
    children.delete(sessionId);
  };

  cdp.on('Target.attachedToTarget', (p) => attach((m, params) => cdp.send(m, params), rootChildren, p));
  cdp.on('Target.receivedMessageFromTarget', (p) => rootChildren.get(p.sessionId)?.receive(p.message));
  cdp.on('Target.detachedFromTarget', (p) => detach(rootChildren, p.sessionId));
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });

  return {
    async stop() {
      const out = [];
      for (const s of sessions.filter((x) => x.alive)) {
        try {
          const { profile } = await s.send('Profiler.stop');
          out.push({ type: s.targetInfo.type, title: s.targetInfo.title, url: s.targetInfo.url, profile });
        } catch (e) {
          log(`profile of ${s.targetInfo.url} lost: ${e.message}`);
        }
      }
      const lost = sessions.length - out.length;
      if (lost)
        log(`${lost} worker(s) ended before the profiles were collected (their samples are not in the summary)`);
      await cdp.detach().catch(() => {});
      return out;
    },
  };
}

/** Gives wasm frames that V8 could only number (no name section) the names of `names` (index -> name). */
export function nameWasmFrames(profile, names) {
  for (const n of profile.nodes) {
    const m = /^(?:\$func|wasm-function\[)(\d+)\]?$/.exec(n.callFrame.functionName);
    if (m && names.has(Number(m[1]))) n.callFrame.functionName = names.get(Number(m[1]));
  }
  return profile;
}

/** A function's name without Rust's crate disambiguators. */
export function cleanName(name) {
  return name.replace(/\[[0-9a-f]{6,}\]/g, '');
}

/**
 * Where a function belongs, for grouping: the Rust crate or the Go package of a wasm function
 * (for `<A as B>::f`, A's crate), the script for JavaScript, or V8's own buckets.
 */
export function packageOf({ functionName, url }) {
  const name = cleanName(functionName);
  if (!url && /^\(.*\)$/.test(name)) return name; // (program), (idle), (garbage collector), (root)
  if (url?.startsWith('wasm://') || /^wasm-function\[/.test(name)) {
    const inner = name.replace(/^<+/, '');
    const rust = /^([A-Za-z_]\w*)::/.exec(inner);
    if (rust) return `rust: ${rust[1]}`;
    // Go's linker writes names with '/' turned to '_': github.com_consensys_gnark_crypto_ecc_bn254_fp.__Element_.Mul
    const go = /^((?:[\w-]+\.(?:com|org|io|in|net|dev)_)?[\w-]+)\./.exec(inner);
    if (go) return `go: ${go[1]}`;
    return `wasm: ${name.split(/[:(]/)[0] || '(unnamed)'}`;
  }
  return `js: ${(url || '').split('/').pop()?.split('?')[0] || '(anonymous)'}`;
}

/**
 * A function's path without generic arguments, which name types ("CircuitBuilder", "PartitionWitness")
 * that would otherwise match a group: `a::f::<T>` -> `a::f::`, `<X<T> as Y>::g` -> `<X as Y>::g`.
 */
export function pathOf(name) {
  let out = '';
  let skip = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (skip) {
      if (c === '<') skip++;
      else if (c === '>' && name[i - 1] !== '-') skip--;
    } else if (c === '<' && /[\w:]/.test(name[i - 1] ?? '')) skip = 1;
    else out += c;
  }
  return out;
}

/**
 * "Time under" groups: a sample counts once per group if the path (pathOf) of any frame on its
 * stack matches. Words are matched at their start, so "builder" is not "lde".
 */
export const UNDER = [
  { label: 'multi-scalar multiplication (MSM)', re: /multiexp|(^|[^a-z])msm/i },
  { label: 'FFT / NTT / low-degree extension', re: /(^|[^a-z])(fft|ntt|lde|coset_)/i },
  { label: 'Merkle trees', re: /merkle/i },
  {
    label: 'hash permutations (Keccak-f, Poseidon)',
    re: /keccakf|keccak_f|keccakf1600|poseidon.*(permute|round)|permute.*poseidon/i,
  },
  // plonky2's generators, halo2's synthesize/assign_*, gnark's solver
  {
    label: 'witness generation (solver, assignment)',
    re: /generate_partial_witness|::generator::|witness_of|::(synthesize|assign_\w+)(::)?$|\/solver\.|\.Solve\b|\.solve\w*$/,
  },
  {
    label: 'allocator and memory copies',
    re: /dlmalloc|(^|[^a-z])(malloc|free|realloc)|__rust_alloc|__rust_dealloc|__rust_realloc|memcpy|memmove|memset|runtime\.memclr|runtime\.memmove|runtime\.mallocgc/,
  },
  {
    label: 'Go garbage collector',
    re: /^runtime\.(gc|mark|scanobject|scanblock|greyobject|sweep|bgsweep|bgscavenge|findObject|wbBuf|heapBits|markBits)/,
  },
];

/** Frames of a thread blocked waiting (futex-style waits on shared wasm memory), not working. */
// A generic function's path ends in `::` (pathOf): `<wasm_sync::backend::Condvar>::wait::<T>`, the
// Condvar rayon uses on the web, whose wait inlines std's futex wait.
export const BLOCKED =
  /(Condvar|futex|Parker|parker|thread::park)\b.*::(wait|park)\w*(::)?$|::futex_wait$|memory_atomic_wait|^Atomics\.wait/;

/**
 * Adds up profiles: total sampled time, self time per function and per package, and time under
 * each group of UNDER. (idle) is kept apart so that percentages are of time spent working.
 */
export function summarizeProfiles(profiles, { top = 30, under = UNDER } = {}) {
  const selfBy = new Map();
  const pkgBy = new Map();
  const underMs = new Map(under.map((g) => [g.label, 0]));
  let totalMs = 0;
  let idleMs = 0;
  for (const { profile } of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const matchCache = new Map(); // node id -> Set of group labels on its stack
    const groupsOf = (id) => {
      if (matchCache.has(id)) return matchCache.get(id);
      const node = byId.get(id);
      const up = parent.has(id) ? groupsOf(parent.get(id)) : new Set();
      const here = new Set(up);
      const path = pathOf(cleanName(node.callFrame.functionName));
      for (const g of under) if (g.re.test(path)) here.add(g.label);
      matchCache.set(id, here);
      return here;
    };
    const deltas = profile.timeDeltas ?? [];
    profile.samples.forEach((id, i) => {
      // timeDeltas[i] is the time before sample i; the time after it is the next delta.
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const node = byId.get(id);
      if (!node) return;
      const name = cleanName(node.callFrame.functionName) || `(anonymous ${node.callFrame.url.split('/').pop()})`;
      // A thread blocked in memory.atomic.wait (rayon's sleeping workers, a parked lock) shows
      // as a wasm frame in V8's profile, though it uses no CPU: counted as idle, not work.
      if (name === '(idle)' || BLOCKED.test(pathOf(name))) {
        idleMs += ms;
        return;
      }
      totalMs += ms;
      const key = `${name}\u0000${node.callFrame.url}`;
      selfBy.set(key, (selfBy.get(key) ?? 0) + ms);
      const pkg = packageOf({ functionName: node.callFrame.functionName, url: node.callFrame.url });
      pkgBy.set(pkg, (pkgBy.get(pkg) ?? 0) + ms);
      for (const g of groupsOf(id)) underMs.set(g, underMs.get(g) + ms);
    });
  }
  const pct = (ms) => (totalMs ? (100 * ms) / totalMs : 0);
  const rank = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    workers: profiles.length,
    totalMs,
    idleMs,
    functions: rank(selfBy)
      .slice(0, top)
      .map(([k, ms]) => ({ name: k.split('\u0000')[0], selfMs: ms, pct: pct(ms) })),
    packages: rank(pkgBy)
      .slice(0, top)
      .map(([name, ms]) => ({ name, selfMs: ms, pct: pct(ms) })),
    under: [...underMs].map(([label, ms]) => ({ label, ms, pct: pct(ms) })),
  };
}

/** The summary as Markdown tables. */
export function summaryMarkdown(s, title) {
  const ms = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
  const short = (n) => (n.length > 140 ? `${n.slice(0, 137)}...` : n).replace(/\|/g, '\\|');
  const lines = [
    `## ${title}`,
    '',
    `${s.workers} worker profile(s); ${ms(s.totalMs)} sampled busy, ${ms(s.idleMs)} idle or blocked in a wait (rayon's sleeping threads). Percentages are of busy time.`,
    '',
  ];
  lines.push(
    '| time under | ms | % |',
    '|---|---|---|',
    ...s.under.map((g) => `| ${g.label} | ${g.ms.toFixed(0)} | ${g.pct.toFixed(1)} |`),
    '',
  );
  lines.push(
    '| self time by crate / package | ms | % |',
    '|---|---|---|',
    ...s.packages.map((p) => `| ${short(p.name)} | ${p.selfMs.toFixed(0)} | ${p.pct.toFixed(1)} |`),
    '',
  );
  lines.push(
    '| self time by function | ms | % |',
    '|---|---|---|',
    ...s.functions.map((f) => `| ${short(f.name)} | ${f.selfMs.toFixed(0)} | ${f.pct.toFixed(1)} |`),
    '',
  );
  return lines.join('\n');
}
