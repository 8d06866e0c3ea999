// Command-line options of the scripts, on node's util.parseArgs: an unknown option or a missing
// value is refused with the script's usage instead of being ignored.
import { parseArgs } from 'node:util';

/**
 * Parses process.argv. `options` maps each option to its default: a boolean makes a flag, a
 * string (or undefined: no default) an option that takes a value. Exits 2 with `usage` on a bad
 * command line. With `positionals`, the other arguments come back as `_`.
 */
export function cliOptions(usage, options, { positionals = false, args = process.argv.slice(2) } = {}) {
  const spec = Object.fromEntries(
    Object.entries(options).map(([name, d]) => [
      name,
      typeof d === 'boolean'
        ? { type: 'boolean', default: d }
        : { type: 'string', ...(d === undefined ? {} : { default: String(d) }) },
    ]),
  );
  try {
    const { values, positionals: rest } = parseArgs({
      args,
      options: spec,
      allowPositionals: positionals,
      strict: true,
    });
    return positionals ? { ...values, _: rest } : values;
  } catch (e) {
    console.error(`${e.message}\nusage: ${usage}`);
    process.exit(2);
  }
}

/** "1,2,8" -> [1, 2, 8]; anything but a positive whole number in the list exits 2, naming it. */
export function countList(value, name) {
  const parts = value.split(',').filter(Boolean);
  const bad = parts.filter((p) => !/^[1-9]\d*$/.test(p));
  if (bad.length) {
    console.error(`--${name} takes positive whole numbers separated by commas, not ${bad.join(', ')}`);
    process.exit(2);
  }
  return parts.map(Number);
}
