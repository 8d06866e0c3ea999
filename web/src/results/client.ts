// The results service's HTTP API (results/, docs/results-service.md), as the page uses it.
import type { ResultSubmission } from './submission';

/** A stored result: its id, when it arrived, and the submission as it was sent. */
export interface StoredResult {
  id: string;
  receivedMs: number;
  emulated: boolean;
  submission: ResultSubmission;
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

/** Every stored result (the view filters in the page: the whole set is small and fetched once). */
export async function fetchResults(service: string): Promise<StoredResult[]> {
  const res = await fetch(`${service}/api/results`);
  if (!res.ok) throw new Error(`the results service answered HTTP ${res.status}`);
  const body = (await res.json()) as { results: StoredResult[] };
  return body.results;
}

export const csvUrl = (service: string) => `${service}/api/results?format=csv`;

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
