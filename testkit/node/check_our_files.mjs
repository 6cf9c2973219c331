// Checks Arrow IPC files and streams arrowfile wrote against what the Java side meant to write, with apache-arrow,
// flechette and parquet-wasm (arrow-rs).
//
//     check_our_files.mjs CASES_JSON
//
// CASES_JSON and the expectation files are those of testkit/python/check_our_files.py (its docstring defines
// the canonical value form; Canonical.java writes them). Prints one JSON report:
// {"versions": {...}, "cases": {name: {"apache-arrow": check, "flechette": check, "parquet-wasm": check}}}, each
// check {"ok": true} or {"ok": false, "error": "..."}; parquet-wasm reads streams only and is asked about those.
import fs from 'node:fs';
import { A, F, W, hex, plainDecimal, registerCodecs, versions } from './peers.mjs';

const TWO_53 = 2n ** 53n;
const canonInt = v => {
  const b = BigInt(v);
  return (b < 0n ? -b : b) <= TWO_53 ? Number(b) : b.toString();
};
const canonFloat = v => (Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : v);

function twosComplement(words, offset, count) {
  let v = 0n;
  for (let k = count - 1; k >= 0; k--) v = (v << 32n) | BigInt(words[offset + k] >>> 0);
  return BigInt.asIntN(32 * count, v);
}

// ---- apache-arrow: from each Data's buffers, so that no value goes through a lossy JavaScript number ----------

const vectors = new WeakMap();
const vectorOf = data => {
  let v = vectors.get(data);
  if (!v) vectors.set(data, v = A.makeVector(data));
  return v;
};

function arrowValue(data, i) {
  const t = data.type;
  if (t.typeId === A.Type.Null || !data.getValid(i)) return null;
  const values = data.values;
  switch (t.typeId) {
    case A.Type.Dictionary: { // a stream's delta dictionaries make the dictionary a vector of several chunks
      let k = Number(values[i]);
      for (const d of data.dictionary.data) {
        if (k < d.length) return arrowValue(d, k);
        k -= d.length;
      }
      throw new Error(`dictionary index ${values[i]} beyond the dictionary (${data.dictionary.length} values)`);
    }
    case A.Type.Int: return t.bitWidth === 64 ? canonInt(values[i]) : values[i];
    case A.Type.Float: return canonFloat(t.precision === 0 ? A.util.uint16ToFloat64(values[i]) : values[i]);
    case A.Type.Bool: case A.Type.Utf8: case A.Type.LargeUtf8: case A.Type.Utf8View: return vectorOf(data).get(i);
    case A.Type.Binary: case A.Type.LargeBinary: case A.Type.BinaryView: case A.Type.FixedSizeBinary:
      return hex(vectorOf(data).get(i));
    case A.Type.Decimal: {
      const words = t.bitWidth / 32;
      return plainDecimal(twosComplement(values, i * words, words), t.scale);
    }
    case A.Type.Date: case A.Type.Time: case A.Type.Timestamp: case A.Type.Duration: return canonInt(values[i]);
    case A.Type.Interval:
      if (t.unit === A.IntervalUnit.YEAR_MONTH) return values[i];
      if (t.unit === A.IntervalUnit.DAY_TIME) return [values[2 * i], values[2 * i + 1]];
      return [values[4 * i], values[4 * i + 1], canonInt(twosComplement(values, 4 * i + 2, 2))];
    case A.Type.List: case A.Type.LargeList: {
      const from = Number(data.valueOffsets[i]);
      const to = Number(data.valueOffsets[i + 1]);
      return Array.from({ length: to - from }, (_, j) => arrowValue(data.children[0], from + j));
    }
    case A.Type.FixedSizeList:
      return Array.from({ length: t.listSize }, (_, j) => arrowValue(data.children[0], i * t.listSize + j));
    case A.Type.Struct:
      return Object.fromEntries(t.children.map((f, k) => [f.name, arrowValue(data.children[k], i)]));
    case A.Type.Map: {
      const entries = data.children[0];
      const from = data.valueOffsets[i];
      return Array.from({ length: data.valueOffsets[i + 1] - from }, (_, j) => [
        arrowValue(entries.children[0], from + j), arrowValue(entries.children[1], from + j)]);
    }
    default: throw new Error(`no canonical form for ${t}`);
  }
}

function readArrow(bytes, names) {
  const table = A.tableFromIPC(bytes);
  return names.map(n => {
    const column = table.getChild(n);
    if (!column) throw new Error(`no column ${n} (columns: ${table.schema.fields.map(f => f.name)})`);
    return column.data.flatMap(d => Array.from({ length: d.length }, (_, i) => arrowValue(d, i)));
  });
}

// ---- flechette: its values with the exact extraction options (BigInts, unscaled decimals) ----------------------

const EXACT = { useBigInt: true, useDecimalInt: true, useBigIntTimestamp: true };

function flechetteValue(v, t) {
  if (v == null || t.typeId === F.Type.Null) return null;
  switch (t.typeId) {
    case F.Type.Dictionary: return flechetteValue(v, t.dictionary);
    case F.Type.Int: case F.Type.Time: case F.Type.Timestamp: case F.Type.Duration: return canonInt(v);
    case F.Type.Float: return canonFloat(v);
    case F.Type.Bool: case F.Type.Utf8: case F.Type.LargeUtf8: case F.Type.Utf8View: return v;
    case F.Type.Binary: case F.Type.LargeBinary: case F.Type.BinaryView: case F.Type.FixedSizeBinary: return hex(v);
    case F.Type.Decimal: return plainDecimal(BigInt(v), t.scale);
    case F.Type.Date: return t.unit === F.DateUnit.DAY ? v / 86400000 : canonInt(v); // days come as milliseconds
    case F.Type.Interval:
      if (t.unit === F.IntervalUnit.YEAR_MONTH) return v;
      if (t.unit === F.IntervalUnit.DAY_TIME) return [v[0], v[1]];
      // Its month-day-nano values are a Float64Array: nanoseconds as a double (monthDayNanoAsDoubles).
      return [v[0], v[1], { double: v[2] }];
    case F.Type.List: case F.Type.LargeList: case F.Type.FixedSizeList: case F.Type.ListView:
    case F.Type.LargeListView:
      return Array.from(v, e => flechetteValue(e, t.children[0].type));
    case F.Type.Struct: return Object.fromEntries(t.children.map(f => [f.name, flechetteValue(v[f.name], f.type)]));
    case F.Type.Map: {
      const [k, x] = t.children[0].type.children;
      return Array.from(v, ([key, value]) => [flechetteValue(key, k.type), flechetteValue(value, x.type)]);
    }
    default: throw new Error(`no canonical form for flechette type ${t.typeId}`);
  }
}

function readFlechette(bytes, names) {
  const table = F.tableFromIPC(bytes, EXACT);
  return names.map(n => {
    const column = table.getChild(n);
    if (!column) throw new Error(`no column ${n}`);
    return Array.from(column.toArray(), v => flechetteValue(v, column.type));
  });
}

// ---- parquet-wasm: arrow-rs reads the stream (validating it) and writes it again; flechette decodes that -------

function readArrowRs(bytes, names) {
  const table = W.Table.fromIPCStream(bytes);
  return readFlechette(table.intoIPCStream(), names);
}

// ---- comparing ----------------------------------------------------------------------------------------------------

function same(e, a) {
  if (a !== null && typeof a === 'object' && 'double' in a) { // a double standing for an exact integer
    return e !== null && Number(BigInt(e)) === a.double;
  }
  if (Array.isArray(e) && Array.isArray(a)) return e.length === a.length && e.every((x, k) => same(x, a[k]));
  if (e !== null && a !== null && typeof e === 'object' && typeof a === 'object') {
    const keys = Object.keys(e);
    return keys.length === Object.keys(a).length && keys.every(k => same(e[k], a[k]));
  }
  return e === a;
}

const show = v => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? x.toString() : x))?.slice(0, 300);

function compare(expected, columns, names, sort) {
  const rows = Array.from({ length: columns.length ? columns[0].length : expected.length },
    (_, r) => columns.map(c => c[r]));
  if (rows.length !== expected.length) return `${rows.length} rows, expected ${expected.length}`;
  if (sort) {
    const key = row => show(row);
    expected = [...expected].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
    rows.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  }
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < names.length; c++) {
      if (!same(expected[r][c], rows[r][c])) {
        return `row ${r} column ${names[c]}: expected ${show(expected[r][c])}, got ${show(rows[r][c])}`;
      }
    }
  }
  return null;
}

function check(read, bytes, exp, names) {
  try {
    const diff = compare(exp.rows, read(bytes, names), names, exp.sort);
    return diff == null ? { ok: true } : { ok: false, error: diff };
  } catch (e) {
    return { ok: false, error: `${e.name}: ${e.message}`.slice(0, 2000) };
  }
}

async function main() {
  await registerCodecs();
  const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const report = { versions, cases: {} };
  for (const c of cases) {
    const exp = JSON.parse(fs.readFileSync(c.expected, 'utf8'));
    // Sorted rows compare as JSON text: the same text on both sides for the same values.
    const names = exp.columns.map(col => col.name);
    const bytes = fs.readFileSync(c.path);
    const out = {
      'apache-arrow': check(readArrow, bytes, exp, names),
      flechette: check(readFlechette, bytes, exp, names),
    };
    if (c.format === 'stream') out['parquet-wasm'] = check(readArrowRs, bytes, exp, names);
    report.cases[c.name] = out;
  }
  process.stdout.write(JSON.stringify(report));
}

main().catch(e => {
  console.error(e.stack || String(e));
  process.exit(2);
});
