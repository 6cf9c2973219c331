// Writes Arrow IPC files and streams the way apache-arrow, @uwdata/flechette and parquet-wasm (arrow-rs) users make
// them, with the values they hold.
//
//     write_peer_files.mjs <outdir>
//
// For each case <name> it writes <outdir>/<name>.arrow (or .arrows for the stream format) and <name>.json:
// {"format": "file"|"stream", "producer": ..., "columns": {column: [canonical values, in row order]}}, in the
// canonical form of testkit/python/write_peer_files.py (PeerFilesTest's, which NodePeerFilesTest shares). The
// expected values come from the generator's inputs, never from reading a file back. It prints
// {"cases": [names], "limitations": {producer: {what: why}}}: what a peer cannot write, so the Java side names it.
import fs from 'node:fs';
import path from 'node:path';
import { A, F, W, exactDecimal, hex, plainDecimal, registerCodecs, versions } from './peers.mjs';

const OUT = process.argv[2];
const N = 500;
const CASES = [];
const LIMITATIONS = { 'apache-arrow': {}, flechette: {}, 'parquet-wasm': {} };

// ---- inputs -----------------------------------------------------------------------------------------------------

let seed = 2026;
function random() { // mulberry32: the same inputs on every run
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const bigRandom = (lo, hi) => lo + (BigInt(Math.floor(random() * 2 ** 32)) * 2n ** 32n
  + BigInt(Math.floor(random() * 2 ** 32))) % (hi - lo + 1n);
const intRandom = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const withNulls = (values, every = 7, offset = 3) => values.map((v, i) => (i % every === offset ? null : v));
const range = n => Array.from({ length: n }, (_, i) => i);
const str = v => (v == null ? null : String(v));
// flechette columns in batches of 200 rows, as apache-arrow's.
const fcol = (values, type) => F.columnFromArray(values, type, { maxBatchRows: 200 });

/**
 * The columns: name, canonical expected values, and how each JavaScript library builds it (null: it cannot, and
 * why goes into LIMITATIONS). Primitive apache-arrow columns are built from their buffers (makeData), so the
 * bytes are exactly the inputs; variable-length and nested ones through its builders, as users do.
 */
function columns() {
  const cols = [];
  const add = (name, values, expected, arrow, flechette) => cols.push({ name, values, expected, arrow, flechette });
  const bitmap = values => {
    const b = new Uint8Array(Math.ceil(values.length / 8));
    values.forEach((v, i) => { if (v != null) b[i >> 3] |= 1 << (i & 7); });
    return b;
  };
  const nulls = values => values.filter(v => v == null).length;
  const fromBuffer = (type, values, data) => A.makeVector(A.makeData({
    type, length: values.length, nullCount: nulls(values), nullBitmap: bitmap(values), data }));

  const ints = [[8, true, 'Int8', 'int8'], [16, true, 'Int16', 'int16'], [32, true, 'Int32', 'int32'],
    [64, true, 'Int64', 'int64'], [8, false, 'Uint8', 'uint8'], [16, false, 'Uint16', 'uint16'],
    [32, false, 'Uint32', 'uint32'], [64, false, 'Uint64', 'uint64']];
  for (const [bits, signed, arrowName, fName] of ints) {
    const lo = signed ? -(1n << BigInt(bits - 1)) : 0n;
    const hi = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
    const big = range(N - 4).map(() => bigRandom(lo, hi));
    const values = withNulls([lo, hi, 0n, signed ? -1n : 1n, ...big]);
    const typed = bits === 64 ? values.map(v => v ?? 0n) : values.map(v => Number(v ?? 0n));
    const T = new A[arrowName]();
    add(fName, values, values.map(str), () => fromBuffer(T, values, T.ArrayType.from(typed)),
      () => fcol(values.map(v => (v == null ? null : bits === 64 ? v : Number(v))), F[fName]()));
  }
  const doubles = withNulls([0.1, -2.5, NaN, Infinity, -Infinity, -0.0, 1e300, 5e-324,
    ...range(N - 8).map(() => (random() - 0.5) * 2e6)]);
  add('float64', doubles, doubles.map(v => (v == null ? null : exactDecimal(v))),
    () => fromBuffer(new A.Float64(), doubles, Float64Array.from(doubles, v => v ?? 0)),
    () => fcol(doubles, F.float64()));
  const floats = doubles.map(v => (v == null ? null : Math.fround(v)));
  add('float32', floats, floats.map(v => (v == null ? null : exactDecimal(v))),
    () => fromBuffer(new A.Float32(), floats, Float32Array.from(floats, v => v ?? 0)),
    () => fcol(floats, F.float32()));
  // Halves exactly representable in binary16 (the builders' rounding is not what is tested), and its extremes.
  const halves = withNulls([0.5, -1.25, 65504, -65504, Infinity, 6.103515625e-05,
    ...range(N - 6).map(() => intRandom(-2000, 2000) / 4)]);
  add('float16', halves, halves.map(v => (v == null ? null : exactDecimal(v))),
    () => A.vectorFromArray(halves, new A.Float16()), () => fcol(halves, F.float16()));
  const bools = withNulls(range(N).map(() => random() < 0.5));
  add('bool', bools, bools, () => A.vectorFromArray(bools, new A.Bool()), () => fcol(bools, F.bool()));

  const words = withNulls(['', 'a', 'arrow', 'ünïcødé ✓ 中文 😀', 'x'.repeat(40), ...range(N - 5).map(i => `w${i}`)]);
  add('utf8', words, words, () => A.vectorFromArray(words, new A.Utf8()), () => fcol(words, F.utf8()));
  add('large_utf8', words, words, () => A.vectorFromArray(words, new A.LargeUtf8()),
    () => fcol(words, F.largeUtf8()));
  add('utf8_view', words, words, () => A.vectorFromArray(words, new A.Utf8View()), null);
  const blobs = words.map(w => (w == null ? null : new TextEncoder().encode(w)));
  const blobsHex = blobs.map(b => (b == null ? null : hex(b)));
  add('binary', blobs, blobsHex, () => A.vectorFromArray(blobs, new A.Binary()),
    () => fcol(blobs, F.binary()));
  add('large_binary', blobs, blobsHex, () => A.vectorFromArray(blobs, new A.LargeBinary()),
    () => fcol(blobs, F.largeBinary()));
  add('binary_view', blobs, blobsHex, () => A.vectorFromArray(blobs, new A.BinaryView()), null);
  const fixed = withNulls(range(N).map(() => Uint8Array.from(range(4).map(() => intRandom(0, 255)))));
  add('fixed_size_binary', fixed, fixed.map(b => (b == null ? null : hex(b))),
    () => A.vectorFromArray(fixed, new A.FixedSizeBinary(4)), () => fcol(fixed, F.fixedSizeBinary(4)));

  // Temporal values in their own unit. flechette's builders take dates and timestamps as JavaScript
  // milliseconds (numbers), so its inputs are whole milliseconds; apache-arrow's come from the buffers.
  const days = withNulls([0, -1, 1, -719162, 2932896, ...range(N - 5).map(() => intRandom(-30000, 30000))]);
  add('date32', days, days.map(str), () => fromBuffer(new A.DateDay(), days, Int32Array.from(days, v => v ?? 0)),
    () => fcol(days.map(d => (d == null ? null : d * 864e5)), F.dateDay()));
  const dayMs = days.map(d => (d == null ? null : BigInt(d) * 86400000n));
  add('date64', dayMs, dayMs.map(str),
    () => fromBuffer(new A.DateMillisecond(), dayMs, BigInt64Array.from(dayMs, v => v ?? 0n)),
    () => fcol(days.map(d => (d == null ? null : d * 864e5)), F.dateMillisecond()));
  const units = [['s', 'SECOND', 1n], ['ms', 'MILLISECOND', 1000n], ['us', 'MICROSECOND', 1000000n],
    ['ns', 'NANOSECOND', 1000000000n]];
  for (const [u, U, perSecond] of units) {
    const bits = u === 's' || u === 'ms' ? 32 : 64;
    const times = withNulls([0n, perSecond * 86400n - 1n, ...range(N - 2).map(() => bigRandom(0n, perSecond * 86400n - 1n))]);
    add(`time_${u}`, times, times.map(str), () => fromBuffer(new A[`Time${U[0]}${U.slice(1).toLowerCase()}`](), times,
      bits === 32 ? Int32Array.from(times, v => Number(v ?? 0n)) : BigInt64Array.from(times, v => v ?? 0n)),
    () => fcol(times.map(v => (v == null ? null : bits === 32 ? Number(v) : v)),
      F.time(F.TimeUnit[U], bits)));
    // Edges of the rounding rules (negative, sub-unit), then whole milliseconds in +-300 years.
    const edges = u === 's' ? [-1n, 1n, 0n] : [-1n, 1n, -1500n, 1500n, -999n, 0n];
    const msValues = range(N - edges.length).map(() => intRandom(-9e12, 9e12));
    const perMs = u === 's' ? null : perSecond / 1000n;
    const stamps = withNulls([...edges, ...msValues.map(ms => (u === 's' ? BigInt(Math.floor(ms / 1000))
      : BigInt(ms) * perMs))]);
    // flechette: milliseconds in, its own unit out (seconds: whole seconds only); the edges it cannot express
    // as milliseconds are left out of its column (null), the expectations follow.
    // Nanoseconds: its builder multiplies the milliseconds by 1e6 as a double, exact only within 2^53 ns of 1970
    // (about 104 days), so its nanosecond inputs stay within that (timestampNanosecondInputs).
    const fStamps = stamps.map((v, i) => (i < edges.length && u !== 's' && u !== 'ms' ? null
      : u === 'ns' && v != null ? (v / perMs) % 9000000000n * perMs : v));
    for (const tz of [null, 'UTC', 'Europe/Paris']) {
      const name = `timestamp_${u}_${tz ?? 'none'}`;
      const T = new A[`Timestamp${U[0]}${U.slice(1).toLowerCase()}`](tz);
      add(name, stamps, stamps.map(str), () => fromBuffer(T, stamps, BigInt64Array.from(stamps, v => v ?? 0n)),
        { values: fStamps, expected: fStamps.map(str), build: () => fcol(fStamps.map(v => (v == null ? null
          : u === 's' ? Number(v) * 1000 : Number(v / perMs) + Number(v % perMs) / Number(perMs))),
        F.timestamp(F.TimeUnit[U], tz)) });
    }
    // Within Spark's reach (a long of microseconds): ReadRulesTest has the values beyond it.
    const durations = withNulls([...edges, ...range(N - edges.length).map(() => bigRandom(-(10n ** 12n), 10n ** 12n))]);
    add(`duration_${u}`, durations, durations.map(str),
      () => fromBuffer(new A[`Duration${U[0]}${U.slice(1).toLowerCase()}`](), durations,
        BigInt64Array.from(durations, v => v ?? 0n)),
      () => fcol(durations, F.duration(F.TimeUnit[U])));
  }
  const months = withNulls([0, -1, 2147483647, -2147483648, ...range(N - 4).map(() => intRandom(-12000, 12000))]);
  add('interval_year_month', months, months.map(str),
    () => fromBuffer(new A.IntervalYearMonth(), months, Int32Array.from(months, v => v ?? 0)),
    () => fcol(months, F.interval(F.IntervalUnit.YEAR_MONTH)));
  const dayTimes = withNulls([[1, -2], [-1, 86399999], [0, 0], ...range(N - 3).map(() => [intRandom(-1e6, 1e6),
    intRandom(-86400000, 86400000)])]);
  add('interval_day_time', dayTimes, dayTimes.map(v => (v == null ? null : v.map(String))),
    () => fromBuffer(new A.IntervalDayTime(), dayTimes, Int32Array.from(dayTimes.flatMap(v => v ?? [0, 0]))),
    () => fcol(dayTimes, F.interval(F.IntervalUnit.DAY_TIME)));
  const mdn = withNulls([[1, 2, -1500n], [-1, -2, 1500n], [0, 0, -999n], [12, 31, 86400000000123n],
    ...range(N - 4).map(() => [intRandom(-1000, 1000), intRandom(-1000, 1000), bigRandom(-(10n ** 15n), 10n ** 15n)])]);
  add('interval_month_day_nano', mdn, mdn.map(v => (v == null ? null : v.map(String))),
    () => fromBuffer(new A.IntervalMonthDayNano(), mdn, new Int32Array(BigInt64Array.from(mdn.flatMap(v => (v == null
      ? [0n, 0n] : [BigInt.asIntN(64, (BigInt(v[1]) << 32n) | BigInt.asUintN(32, BigInt(v[0]))), v[2]]))).buffer)),
    () => fcol(mdn, F.interval(F.IntervalUnit.MONTH_DAY_NANO)));

  for (const [bits, precision, scale] of [[32, 9, 2], [64, 18, 4], [128, 38, 10], [256, 50, 5]]) {
    const top = 10n ** BigInt(precision) - 1n;
    const values = withNulls([top, -top, 0n, 1n, -1n, ...range(N - 5).map(() => bigRandom(-top, top))]);
    const words = bits / 32;
    const toWords = v => range(words).map(w => Number(BigInt.asUintN(32, v >> BigInt(32 * w))));
    const T = new A.Decimal(scale, precision, bits);
    add(`decimal${bits}`, values, values.map(v => (v == null ? null : plainDecimal(v, scale))),
      () => fromBuffer(T, values, Uint32Array.from(values.flatMap(v => toWords(v ?? 0n)))),
      () => fcol(values, bits === 32 ? F.decimal32(precision, scale) : bits === 64
        ? F.decimal64(precision, scale) : F.decimal(precision, scale, bits)));
  }

  const lists = range(N).map(i => (i % 9 === 4 ? null
    : range(i % 4).map(j => ((i + j) % 5 === 0 ? null : i * 10 + j))));
  const listsExpected = lists.map(l => (l == null ? null : l.map(str)));
  const int32Field = () => new A.Field('item', new A.Int32(), true);
  add('list', lists, listsExpected, () => A.vectorFromArray(lists, new A.List(int32Field())),
    () => fcol(lists, F.list(F.int32())));
  add('large_list', lists, listsExpected, () => A.vectorFromArray(lists, new A.LargeList(int32Field())),
    () => fcol(lists, F.largeList(F.int32())));
  const triples = range(N).map(i => (i % 9 === 4 ? null : [i % 100, i % 2 ? null : -(i % 100), 7]));
  // flechette writes a wrong null count for a fixed-size list's child with nulls (fixedSizeListChildNulls).
  const fullTriples = triples.map(l => (l == null ? null : l.map(v => v ?? 0)));
  add('fixed_size_list', triples, triples.map(l => (l == null ? null : l.map(str))),
    () => A.vectorFromArray(triples, new A.FixedSizeList(3, new A.Field('item', new A.Int16(), true))),
    { values: fullTriples, expected: fullTriples.map(l => (l == null ? null : l.map(str))),
      build: () => fcol(fullTriples, F.fixedSizeList(F.int16(), 3)) });
  const structs = range(N).map(i => (i % 8 === 5 ? null : { a: i % 3 === 0 ? null : i, b: `s${i}` }));
  add('struct', structs, structs.map(s => (s == null ? null : [str(s.a), s.b])),
    () => A.vectorFromArray(structs, new A.Struct([new A.Field('a', new A.Int32(), true),
      new A.Field('b', new A.Utf8(), true)])),
    () => fcol(structs, F.struct({ a: F.int32(), b: F.utf8() })));
  const maps = range(N).map(i => (i % 10 === 1 ? null : range(i % 3).map(j => [`k${j}`, j === 1 ? null : BigInt(i * j)])));
  add('map', maps, maps.map(m => (m == null ? null : m.map(([k, v]) => [k, str(v)]))),
    () => A.vectorFromArray(maps.map(m => (m == null ? null : new Map(m))),
      new A.Map_(new A.Field('entries', new A.Struct([new A.Field('key', new A.Utf8(), false),
        new A.Field('value', new A.Int64(), true)]), false))),
    () => fcol(maps, F.map(F.utf8(), F.int64())));
  const colors = ['red', 'green', 'blue', 'x'.repeat(30)];
  const dict = withNulls(range(N).map(i => colors[i % 4]));
  add('dictionary', dict, dict, () => A.vectorFromArray(dict, new A.Dictionary(new A.Utf8(), new A.Int32())),
    () => fcol(dict, F.dictionary(F.utf8(), F.int32())));
  const runs = withNulls(range(N).map(i => colors[Math.floor(i / 37) % 4]), 101);
  add('run_end_encoded', runs, runs, null, () => fcol(runs, F.runEndEncoded(F.int32(), F.utf8())));
  // Unions of an int64 (type code 3) and a string (type code 7) member; no nulls (a union has no validity).
  const unionValues = range(N).map(i => (i % 3 ? BigInt(i * 11) : `u${i}`));
  const unionExpected = unionValues.map(v => (typeof v === 'bigint' ? ['3', v.toString()] : ['7', v]));
  const unionChildren = () => [new A.Field('i', new A.Int64(), true), new A.Field('s', new A.Utf8(), true)];
  const codes = Int8Array.from(unionValues, v => (typeof v === 'bigint' ? 3 : 7));
  add('sparse_union', unionValues, unionExpected, () => A.makeVector(A.makeData({
    type: new A.SparseUnion([3, 7], unionChildren()), length: N, nullCount: 0, typeIds: codes,
    children: [A.vectorFromArray(unionValues.map(v => (typeof v === 'bigint' ? v : 0n)), new A.Int64()).data[0],
      A.vectorFromArray(unionValues.map(v => (typeof v === 'bigint' ? '' : v)), new A.Utf8()).data[0]] })),
  () => fcol(unionValues, F.union(F.UnionMode.Sparse, [F.int64(), F.utf8()], [3, 7],
    v => (typeof v === 'bigint' ? 3 : 7))));
  const unionInts = unionValues.filter(v => typeof v === 'bigint');
  const strs = unionValues.filter(v => typeof v !== 'bigint');
  let ni = 0;
  let ns = 0;
  const offsets = Int32Array.from(unionValues, v => (typeof v === 'bigint' ? ni++ : ns++));
  add('dense_union', unionValues, unionExpected, () => A.makeVector(A.makeData({
    type: new A.DenseUnion([3, 7], unionChildren()), length: N, nullCount: 0, typeIds: codes, valueOffsets: offsets,
    children: [A.vectorFromArray(unionInts, new A.Int64()).data[0], A.vectorFromArray(strs, new A.Utf8()).data[0]] })),
  () => fcol(unionValues, F.union(F.UnionMode.Dense, [F.int64(), F.utf8()], [3, 7],
    v => (typeof v === 'bigint' ? 3 : 7))));
  const nothing = range(N).map(() => null);
  add('null', nothing, nothing, () => A.vectorFromArray(nothing, new A.Null()),
    () => fcol(nothing, F.nullType()));
  return cols;
}

// ---- writing ----------------------------------------------------------------------------------------------------

const CODECS = { none: null, lz4: 'LZ4_FRAME', zstd: 'ZSTD' };

function writeCase(name, producer, format, expected, bytes, refused) {
  fs.writeFileSync(path.join(OUT, name + (format === 'file' ? '.arrow' : '.arrows')), bytes);
  fs.writeFileSync(path.join(OUT, name + '.json'), JSON.stringify({ format, producer, columns: expected,
    ...(refused ? { refused } : {}) }));
  CASES.push(name);
}

/**
 * A file a peer writes wrong: our reader must refuse it with an error containing {@code refused.error} (as
 * pyarrow and arrow-rs refuse it), and the peer's limitation {@code what} says why.
 */
function refusedCase(name, producer, format, bytes, what, why, error) {
  LIMITATIONS[producer][what] = why;
  writeCase(name, producer, format, {}, bytes, { what, error });
}

function sliceExpected(expected, from, to) {
  return Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v.slice(from, to)]));
}

function without(expected, names) {
  return Object.fromEntries(Object.entries(expected).filter(([k]) => !names.includes(k)));
}

// apache-arrow writes the views of a sliced table wrong (slicedViews), and its Null column with null count -1,
// which arrow-rs refuses: those columns of the batched table are built again from their inputs, batch by batch.
const ARROW_UNSLICEABLE = ['utf8_view', 'binary_view', 'null'];

async function main() {
  await registerCodecs();
  const cols = columns();

  // apache-arrow: every type it builds, in batches of 200 rows, each format and codec.
  const arrowVectors = {};
  const arrowExpected = {};
  for (const c of cols) {
    if (!c.arrow) {
      LIMITATIONS['apache-arrow'][c.name] = 'no builder or vector for this type in apache-arrow '
        + versions['apache-arrow'];
      continue;
    }
    arrowVectors[c.name] = c.arrow();
    arrowExpected[c.name] = c.expected;
  }
  const whole = new A.Table(arrowVectors);
  const batches = [];
  for (let at = 0; at < N; at += 200) {
    const to = Math.min(N, at + 200);
    const part = whole.slice(at, to);
    const vectors = Object.fromEntries(whole.schema.fields.map(f => [f.name, ARROW_UNSLICEABLE.includes(f.name)
      ? A.vectorFromArray(cols.find(c => c.name === f.name).values.slice(at, to), f.type) : part.getChild(f.name)]));
    batches.push(...new A.Table(vectors).batches);
  }
  const chunked = new A.Table(batches);
  for (const format of ['file', 'stream']) {
    for (const [codec, type] of Object.entries(CODECS)) {
      const writer = (format === 'file' ? A.RecordBatchFileWriter : A.RecordBatchStreamWriter)
        .writeAll(chunked, { compressionType: type == null ? null : A.CompressionType[type] });
      const name = `apache-arrow_types_${format}_${codec}`;
      if (type == null) {
        writeCase(name, 'apache-arrow', format, arrowExpected, writer.toUint8Array(true));
      } else {
        // Its writer puts each compressed buffer's compressed length where the format has the uncompressed one
        // (writer.ts, _compressBodyBuffers): pyarrow, arrow-rs and we refuse such files.
        refusedCase(name, 'apache-arrow', format, writer.toUint8Array(true), 'compression',
          'a compressed buffer\'s 8-byte prefix holds its compressed length, not the uncompressed length the '
          + 'format asks for (pyarrow: "Lz4 decompression buffer too small", "ZSTD decompression failed")',
          'decompresses to more than|Destination buffer is too small');
      }
    }
  }
  // tableToIPC, the call users make, and a sliced table (every buffer at an offset).
  writeCase('apache-arrow_tableToIPC', 'apache-arrow', 'file', arrowExpected, A.tableToIPC(whole, 'file'));
  // Its Null column is written with null count -1 (pyarrow and we read it; arrow-rs refuses it).
  const views = ['utf8_view', 'binary_view'];
  writeCase('apache-arrow_sliced', 'apache-arrow', 'stream',
    without(sliceExpected(arrowExpected, 123, 123 + 256), views),
    A.tableToIPC(whole.select(Object.keys(arrowExpected).filter(k => !views.includes(k)))
      .slice(123, 123 + 256), 'stream'));
  // Zero rows: a schema and no batch.
  writeCase('apache-arrow_zero_rows', 'apache-arrow', 'file', sliceExpected(arrowExpected, 0, 0),
    A.tableToIPC(new A.Table(whole.schema), 'file'));
  // Dictionary deltas in a stream: apache-arrow writes a delta when a later batch's dictionary extends the last.
  const d1 = A.vectorFromArray(['a', 'b', null, 'a'], new A.Dictionary(new A.Utf8(), new A.Int32(), 0));
  const d2 = A.makeVector(A.makeData({ type: d1.type, length: 3, nullCount: 0, data: Int32Array.from([0, 2, 3]),
    dictionary: A.vectorFromArray(['a', 'b', 'c', 'd'], new A.Utf8()) }));
  const deltas = A.RecordBatchStreamWriter.writeAll([new A.Table({ d: d1 }).batches[0],
    new A.Table({ d: d2 }).batches[0]]).toUint8Array(true);
  writeCase('apache-arrow_dictionary_deltas', 'apache-arrow', 'stream', { d: ['a', 'b', null, 'a', 'a', 'c', 'd'] },
    deltas);
  // What apache-arrow writes wrong, which pyarrow and arrow-rs refuse as well.
  refusedCase('apache-arrow_sliced_view', 'apache-arrow', 'stream',
    A.tableToIPC(whole.select(['utf8_view']).slice(123, 123 + 256), 'stream'), 'slicedViews',
    'a sliced table\'s view columns are written with a views buffer too short for their length (pyarrow: '
    + '"Buffer #1 too small in array of type string_view")', 'view');

  // flechette: every type its builders take, batches of 200 rows, each format and codec.
  const fColumns = {};
  const fExpected = {};
  for (const c of cols) {
    if (!c.flechette) {
      LIMITATIONS.flechette[c.name] = `flechette ${versions['@uwdata/flechette']} cannot build this type `
        + '(its builders have no string, binary or list views; it only reads them)';
      continue;
    }
    const spec = typeof c.flechette === 'function' ? { build: c.flechette, expected: c.expected } : c.flechette;
    fColumns[c.name] = spec.build();
    fExpected[c.name] = spec.expected;
  }
  const fTable = F.tableFromColumns(fColumns);
  LIMITATIONS.flechette.timestampNanosecondInputs = 'its builders take timestamps as JavaScript numbers of '
    + 'milliseconds, multiplied into nanoseconds as doubles: exact only within 2^53 ns (about 104 days) of 1970';
  for (const format of ['file', 'stream']) {
    for (const [codec, type] of Object.entries(CODECS)) {
      writeCase(`flechette_types_${format}_${codec}`, 'flechette', format, fExpected,
        F.tableToIPC(fTable, { format, codec: type == null ? null : F.CompressionType[type] }));
    }
  }
  const triples = cols.find(c => c.name === 'fixed_size_list').values;
  refusedCase('flechette_fixed_size_list_child_nulls', 'flechette', 'file',
    F.tableToIPC(F.tableFromColumns({ fixed_size_list: fcol(triples, F.fixedSizeList(F.int16(), 3)) }),
      { format: 'file' }), 'fixedSizeListChildNulls',
    'the child of a fixed-size list with nulls is written with a wrong null count (pyarrow and arrow-rs: '
    + '"null_count value (89) doesn\'t match actual number of nulls in array (155)")', 'does not match the validity');

  // parquet-wasm: arrow-rs reads a stream and writes it again (Table.fromIPCStream, intoIPCStream); it has no
  // IPC file format and no compression on write, only streams (and Parquet).
  LIMITATIONS['parquet-wasm'].file = `parquet-wasm ${versions['parquet-wasm']} writes IPC streams only `
    + '(Table.intoIPCStream); no IPC file format';
  LIMITATIONS['parquet-wasm'].compression = 'Table.intoIPCStream takes no options: uncompressed only';
  const rs = W.Table.fromIPCStream(A.tableToIPC(chunked, 'stream'));
  writeCase('parquet-wasm_types_stream_none', 'parquet-wasm', 'stream', arrowExpected, rs.intoIPCStream());
  // What arrow-rs makes of a Parquet file it wrote (its own Arrow types for Parquet's), the way parquet-wasm
  // users get Arrow data.
  const parquetColumns = ['int32', 'int64', 'float64', 'utf8', 'binary', 'date32', 'decimal128', 'list', 'struct'];
  const pq = W.writeParquet(W.Table.fromIPCStream(A.tableToIPC(whole.select(parquetColumns), 'stream')));
  writeCase('parquet-wasm_readParquet_stream_none', 'parquet-wasm', 'stream',
    Object.fromEntries(parquetColumns.map(k => [k, arrowExpected[k]])), W.readParquet(pq).intoIPCStream());

  process.stdout.write(JSON.stringify({ versions, cases: CASES, limitations: LIMITATIONS }));
}

main().catch(e => {
  console.error(e.stack || String(e));
  process.exit(1);
});
