// The results service's HTTP API (results/, docs/results-service.md), as the page uses it.
import { schemaProblems } from '@zkplay/core/schemas';
import type { ResultsAggregates, ResultsPage as Page, StoredRun } from '@zkplay/core/generated/schema-types';
import type { ResultSubmission } from './submission';

// The answers' shapes are schema/results-page and results-aggregates (types generated from them).
export type { StoredRun, ResultsGroup as Group, ResultsPage as Page, ResultsAggregates } from '@zkplay/core/generated/schema-types';

/** A page's filter: a group's key, or one run's id (parameter names as the service spells them in pageQuery). */
export type RunFilter = Partial<
  Pick<StoredRun, 'id' | 'backend' | 'config' | 'deviceClass' | 'browser' | 'emulated' | 'emulationProfile' | 'emulationRate' | 'wideArithmetic'>
>;

/**
 * GET `url` and check the answer against its schema, as every JSON the page fetches is: a
 * service that answers something else (an old version, a proxy's page, a bug) is named as
 * such rather than drawn as empty or wrong.
 */
async function getJson<T>(url: string, schema: 'results-page' | 'results-aggregates'): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the results service answered HTTP ${res.status}`);
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new Error('the results service answered something that is not JSON');
  }
  const problems = schemaProblems(schema, data);
  if (problems) throw new Error(`the results service's answer does not follow schema/${schema}.schema.json: ${problems}`);
  return data as T;
}

/** Every group's count and percentiles: small whatever the number of runs. */
export const fetchAggregates = (service: string) =>
  getJson<ResultsAggregates>(`${service}/api/aggregates`, 'results-aggregates');

/** One page of runs (newest first) that match `filter`, after `cursor`. */
export function fetchPage(service: string, filter: RunFilter, cursor?: string | null, limit = 100): Promise<Page> {
  return getJson<Page>(`${service}/api/results?${pageQuery(filter, cursor, limit)}`, 'results-page');
}

const PARAM: Record<string, string> = {
  deviceClass: 'device',
  emulationProfile: 'profile',
  emulationRate: 'rate',
  wideArithmetic: 'wide',
};

export function pageQuery(filter: RunFilter, cursor?: string | null, limit = 100): string {
  const q = new URLSearchParams();
  // An empty profile is a filter too (real devices); other empty values are none.
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && (v !== '' || k === 'emulationProfile')) q.set(PARAM[k] ?? k, String(v));
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
