// Reads a wasm module's sections: enough to compare two builds' code and to take function
// names from the "name" custom section (function index, imports included, -> name), which is
// what V8's profiler shows for a frame.

function leb(bytes, i) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[i++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [result, i];
  }
}

/** [{ id, name (custom sections), start, end }] of the module's sections. */
export function wasmSections(bytes) {
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d)
    throw new Error('not a wasm module');
  const out = [];
  let i = 8;
  while (i < bytes.length) {
    const id = bytes[i++];
    const [size, start] = leb(bytes, i);
    let name;
    if (id === 0) {
      const [n, j] = leb(bytes, start);
      name = Buffer.from(bytes.subarray(j, j + n)).toString('utf8');
    }
    out.push({ id, name, start, end: start + size });
    i = start + size;
  }
  return out;
}

/** The code section's bytes (section 10): equal in two builds means the same functions at the same indices. */
export function codeSection(bytes) {
  const s = wasmSections(bytes).find((x) => x.id === 10);
  if (!s) throw new Error('the module has no code section');
  return bytes.subarray(s.start, s.end);
}

/** Function index -> name from the name section's function-names subsection; empty if there is none. */
export function functionNames(bytes) {
  const names = new Map();
  const s = wasmSections(bytes).find((x) => x.id === 0 && x.name === 'name');
  if (!s) return names;
  let [n, i] = leb(bytes, s.start);
  i += n;
  while (i < s.end) {
    const sub = bytes[i++];
    const [size, start] = leb(bytes, i);
    if (sub === 1) {
      let [count, j] = leb(bytes, start);
      for (let k = 0; k < count; k++) {
        let index, len;
        [index, j] = leb(bytes, j);
        [len, j] = leb(bytes, j);
        names.set(index, Buffer.from(bytes.subarray(j, j + len)).toString('utf8'));
        j += len;
      }
    }
    i = start + size;
  }
  return names;
}
