// The results service's HTTP API (results/, docs/results-service.md), as the page uses it.
import type { ResultSubmission } from './submission';

/**
 * A stored run as the listing gives it: the columns the service checked, never the submission's
 * free text (results/store/store.go Row).
 */
export interface StoredRun {
  id: string;
  receivedMs: number;
  backend: string;
  config: string;
  messageBytes: number;
  build: string;
  deviceClass: string;
  browser: string;
  browserVersion: string;
  os: string;
  cores: number;
  threads: number;
  emulated: boolean;
  proveMs: number | null;
  verifyMs: number | null;
}

/** One step's spread over a group's runs, computed by the service's database. */
export interface Spread {
  runs: number;
  p10: number | null;
  median: number | null;
  p90: number | null;
}

/** A backend, configuration, device class and browser; real and emulated runs apart (results/store/aggregate.go). */
export interface Group {
  backend: string;
  config: string;
  deviceClass: string;
  browser: string;
  emulated: boolean;
  runs: number;
  prove: Spread;
  verify: Spread;
}

export interface Page {
  results: StoredRun[];
  /** The cursor of the next page, null on the last. */
  next: string | null;
}

export type RunFilter = Partial<Pick<StoredRun, 'id' | 'backend' | 'config' | 'deviceClass' | 'browser' | 'emulated'>>;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the results service answered HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** Every group's count and percentiles: small whatever the number of runs. */
export const fetchAggregates = (service: string) =>
  getJson<{ groups: Group[]; asOfMs: number }>(`${service}/api/aggregates`);

/** One page of runs (newest first) that match `filter`, after `cursor`. */
export function fetchPage(service: string, filter: RunFilter, cursor?: string | null, limit = 100): Promise<Page> {
  return getJson<Page>(`${service}/api/results?${pageQuery(filter, cursor, limit)}`);
}

export function pageQuery(filter: RunFilter, cursor?: string | null, limit = 100): string {
  const q = new URLSearchParams();
  const names: Record<string, string> = { deviceClass: 'device' };
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') q.set(names[k] ?? k, String(v));
  q.set('limit', String(limit));
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

export type ShareOutcome = { ok: true; id: string } | { ok: false; code: string; message: string };

export async function share(service: string, submission: ResultSubmission): Promise<ShareOutcome> {
  let res: Response;
  try {
    res = await fetch(`${service}/api/results`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(submission),
    });
  } catch (e) {
    return { ok: false, code: 'network', message: `the results service could not be reached (${String(e)})` };
  }
  const body = await res.json().catch(() => ({}));
  if (res.status === 201) return { ok: true, id: body.id };
  return { ok: false, code: body.code ?? `http-${res.status}`, message: body.message ?? res.statusText };
}

/** A CSV of one page of a group's runs (the next page's address is in its Link header). */
export const csvUrl = (service: string, filter: RunFilter) =>
  `${service}/api/results?${pageQuery(filter, undefined, 1000)}&format=csv`;

// The ids this browser shared, so the results view can say where this device falls.
const SHARED_KEY = 'zkplay-shared-results';

export function sharedIds(): string[] {
  try {
    return JSON.parse(localStorage.getItem(SHARED_KEY) ?? '[]');
  } catch {
    return [];
  }
}

export function rememberShared(id: string) {
  localStorage.setItem(SHARED_KEY, JSON.stringify([...new Set([...sharedIds(), id])]));
}
