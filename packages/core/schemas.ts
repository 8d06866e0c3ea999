// Validation of every data shape the page and the workers read from outside (files a person
// loads, files the build or the native runner wrote) against its JSON Schema in schema/, the
// one definition of each shape. ajv compiles a schema the first time it is needed; a refusal
// names the field that is wrong, in words.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import artifactIndex from '@zkplay/schema/artifact-index.schema.json';
import benchExport from '@zkplay/schema/bench-export.schema.json';
import buildStatus from '@zkplay/schema/build-status.schema.json';
import keys from '@zkplay/schema/keys.schema.json';
import nativeReference from '@zkplay/schema/native-reference.schema.json';
import primitiveResult from '@zkplay/schema/primitive-result.schema.json';
import proofFile from '@zkplay/schema/proof-file.schema.json';
import resultSubmission from '@zkplay/schema/result-submission.schema.json';
import resultsAggregates from '@zkplay/schema/results-aggregates.schema.json';
import resultsCatalogue from '@zkplay/schema/results-catalogue.schema.json';
import resultsPage from '@zkplay/schema/results-page.schema.json';
import runResult from '@zkplay/schema/run-result.schema.json';
import seedTable from '@zkplay/schema/seed-table.schema.json';
import { describeErrors } from './schema-errors';

export { describeErrors, fieldName } from './schema-errors';

export const SCHEMAS = {
  'run-result': runResult,
  'primitive-result': primitiveResult,
  'native-reference': nativeReference,
  'bench-export': benchExport,
  'proof-file': proofFile,
  'artifact-index': artifactIndex,
  keys,
  'seed-table': seedTable,
  'result-submission': resultSubmission,
  'results-catalogue': resultsCatalogue,
  'results-page': resultsPage,
  'results-aggregates': resultsAggregates,
  'build-status': buildStatus,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** Also what verifier/build.mjs compiles the package's validators with (ajv standalone). */
export const AJV_OPTIONS = {
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  allErrors: true,
  verbose: true,
} as const;

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

/** The compiled validator of one schema (ajv errors kept in full: allErrors, verbose). */
export function validator(name: SchemaName): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    if (!ajv) {
      // strictRequired off: artifact-index's anyOf branches require "files" or "variants", which
      // its top level defines (ajv's strict check looks only in the branch itself).
      ajv = new Ajv2020(AJV_OPTIONS);
      addFormats(ajv, ['date-time']);
      // Cross-references ("$ref": "run-result.schema.json") resolve against each schema's $id.
      for (const s of Object.values(SCHEMAS)) ajv.addSchema(s);
    }
    v = ajv.getSchema(SCHEMAS[name].$id)!;
    compiled.set(name, v);
  }
  return v;
}

/** undefined when data follows the schema, else what is wrong with it in a sentence (or a few). */
export function schemaProblems(name: SchemaName, data: unknown, maxProblems = 3): string | undefined {
  const v = validator(name);
  if (v(data)) return undefined;
  return describeErrors(v.errors ?? [], maxProblems);
}

/** Throws an Error (or what makeError makes of the message) when data does not follow the schema. */
export function checkSchema<T>(
  name: SchemaName,
  data: unknown,
  prefix: string,
  makeError: (message: string) => Error = (m) => new Error(m),
): T {
  const problems = schemaProblems(name, data);
  if (problems) throw makeError(`${prefix}${problems}`);
  return data as T;
}
