// ajv's errors as sentences that name the field, for every reader of a schema'd file (the page,
// the workers, the zkplay-verifier package, whose validators are compiled ahead of time).
import type { ErrorObject } from 'ajv/dist/2020.js';

/** "/results/0/phases/1/ms" → "results[0].phases[1].ms"; the root is "the file". */
export function fieldName(pointer: string): string {
  if (!pointer) return '';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const s = JSON.stringify(value);
  if (s === undefined) return String(value);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

function describeOne(e: ErrorObject): string {
  const at = fieldName(e.instancePath);
  const field = at ? `"${at}"` : 'the top level';
  const inside = (key: string) => `"${at ? `${at}.` : ''}${key}"`;
  const p = e.params as Record<string, unknown>;
  const description = (e.parentSchema as { description?: string } | undefined)?.description;
  switch (e.keyword) {
    case 'required':
      return `${inside(String(p.missingProperty))} is missing`;
    case 'additionalProperties':
      return `${inside(String(p.additionalProperty))} is not a field this format has`;
    case 'type': {
      const types = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      return `${field} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}, not ${shown(e.data)}`;
    }
    case 'const':
      return `${field} must be ${shown(p.allowedValue)}, not ${shown(e.data)}`;
    case 'enum':
      return `${field} must be one of ${(p.allowedValues as unknown[]).map(shown).join(', ')}, not ${shown(e.data)}`;
    case 'minimum':
      return `${field} must be at least ${String(p.limit)}, not ${shown(e.data)}`;
    case 'maximum':
      return `${field} must be at most ${String(p.limit)}, not ${shown(e.data)}`;
    case 'minLength':
      return p.limit === 1 ? `${field} is empty` : `${field} must be at least ${String(p.limit)} characters long`;
    case 'minItems':
      return `${field} must list at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'minProperties':
      return `${field} must list at least ${String(p.limit)} entr${p.limit === 1 ? 'y' : 'ies'}`;
    case 'pattern':
      return `${field} must be ${description ?? `text matching ${String(p.pattern)}`}, not ${shown(e.data)}`;
    case 'format':
      return `${field} must be ${p.format === 'date-time' ? 'a date and time such as 2026-01-31T12:00:00Z' : `a ${String(p.format)}`}, not ${shown(e.data)}`;
    case 'anyOf':
      return `${field} does not have any of the accepted forms`;
    default:
      return `${field} ${e.message ?? 'is not valid'}`;
  }
}

/** ajv's errors as sentences: the first few problems, with how many more there are. */
export function describeErrors(errors: ErrorObject[], maxProblems = 3): string {
  // An anyOf whose branches each only require one field reads better as one sentence.
  const anyOf = errors.filter((e) => e.keyword === 'anyOf');
  let rest = errors;
  const sentences: string[] = [];
  for (const a of anyOf) {
    const branches = rest.filter((e) => e !== a && e.schemaPath.startsWith(`${a.schemaPath}/`));
    rest = rest.filter((e) => e !== a && !branches.includes(e));
    if (branches.length && branches.every((b) => b.keyword === 'required')) {
      const where = fieldName(a.instancePath);
      const names = branches.map((b) => `"${(b.params as { missingProperty: string }).missingProperty}"`);
      sentences.push(`${where ? `"${where}"` : 'the top level'} has neither ${names.join(' nor ')}`);
    } else {
      sentences.push(describeOne(a));
    }
  }
  sentences.push(...rest.map(describeOne));
  const unique = [...new Set(sentences)];
  const shownList = unique.slice(0, maxProblems);
  const more = unique.length - shownList.length;
  return shownList.join('; ') + (more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : '');
}
