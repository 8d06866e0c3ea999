// The committed native reference file (written by `npm run bench:native` from the Go and
// Rust runners) must follow the shared schema, so the page can read it like its own results.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import runResultSchema from '@zkplay/schema/run-result.schema.json';
import primitiveResultSchema from '@zkplay/schema/primitive-result.schema.json';
import referenceSchema from '@zkplay/schema/native-reference.schema.json';
import reference from '../../public/native-reference.json';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
ajv.addSchema(runResultSchema, 'run-result.schema.json');
ajv.addSchema(primitiveResultSchema, 'primitive-result.schema.json');
const validate = ajv.compile(referenceSchema);

describe('web/public/native-reference.json', () => {
  it('validates against schema/native-reference.schema.json', () => {
    expect(validate(reference), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('holds native, verified results that say which machine they came from', () => {
    expect(reference.results.length).toBeGreaterThan(0);
    for (const r of reference.results) {
      expect(r.environment.kind).toBe('native');
      expect(r.verified).toBe(true);
      expect(r.environment.cpu).toBeTruthy();
      expect(r.phases.find((p) => p.id === 'prove')?.ms.samples.length).toBe(r.runs);
    }
    expect(reference.machine.cpu).toBeTruthy();
  });
});
