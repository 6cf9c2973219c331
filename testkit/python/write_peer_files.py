"""Writes Arrow files the way pyarrow, pandas and Polars users make them, with the values they hold.

    write_peer_files.py <outdir>

For each case <name> it writes <outdir>/<name>.arrow (or .arrows for the stream format) and <name>.json:
{"format": "file"|"stream", "producer": ..., "columns": {column: [canonical values, in row order]}}.

The expected values come from the generator's inputs (the Python values each column is built from), never from
reading a file back. Canonical form, which the Java side (PeerFilesTest) produces from our reader's object model:
- null is null, booleans are booleans, strings are strings;
- integers (including temporal values, in the type's own unit, and the parts of intervals) are decimal strings;
- floats are their exact decimal expansion ("0.1" is "0.1000000000000000055511151231257827021181583404541015625"),
  "NaN", "Infinity" or "-Infinity", and zero is "0";
- decimals are plain strings at the type's scale ("-12.50"); binary is lowercase hex;
- lists and fixed-size lists are arrays; structs are arrays of their fields' values in field order; maps are arrays
  of [key, value]; unions are [type code, value]; month-day-nano intervals are [months, days, nanoseconds];
- dictionary-encoded, run-end encoded and extension columns hold their logical (value or storage) values.
"""
import decimal
import json
import os
import sys

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.feather as feather

OUT = sys.argv[1]
RNG = np.random.default_rng(2026)
decimal.getcontext().prec = 100  # decimal256 values have up to 76 digits
N = 1000
CASES = []


# ---- canonical values -------------------------------------------------------------------------------------------

def canon_float(x):
    x = float(x)
    if x != x:
        return "NaN"
    if x in (float("inf"), float("-inf")):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "0"
    return format(decimal.Decimal(x), "f")


def canon(v, t):
    if v is None:
        return None
    if pa.types.is_dictionary(t):
        return canon(v, t.value_type)
    if pa.types.is_run_end_encoded(t):
        return canon(v, t.value_type)
    if isinstance(t, pa.BaseExtensionType):
        return canon(v, t.storage_type)
    if pa.types.is_boolean(t):
        return bool(v)
    if pa.types.is_floating(t):
        return canon_float(v)
    if pa.types.is_decimal(t):
        return format(v, "f")
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return v
    if (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
            or pa.types.is_fixed_size_binary(t)):
        return bytes(v).hex()
    if t == pa.month_day_nano_interval():
        return [str(v[0]), str(v[1]), str(v[2])]
    if pa.types.is_map(t):
        return [[canon(k, t.key_type), canon(x, t.item_type)] for k, x in v]
    if (pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t)
            or pa.types.is_list_view(t) or pa.types.is_large_list_view(t)):
        return [canon(x, t.value_type) for x in v]
    if pa.types.is_struct(t):
        return [canon(v.get(t.field(i).name), t.field(i).type) for i in range(t.num_fields)]
    if pa.types.is_union(t):
        code, value = v
        child = t.field(list(t.type_codes).index(code)).type
        return [str(code), canon(value, child)]
    if pa.types.is_null(t):
        return None
    return str(int(v))  # integers and temporal values in their unit


def with_nulls(values, every=7, offset=3):
    return [None if i % every == offset else v for i, v in enumerate(values)]


# ---- the columns: (name, arrow type, Python inputs, how to build the array) ---------------------------------------

def ints(lo, hi, n=N):
    return [int(x) for x in RNG.integers(lo, hi, n, endpoint=True)]


def from_ints(values, t):
    """Temporal columns from their integers in the type's unit."""
    storage = pa.int32() if t.bit_width == 32 else pa.int64()
    return pa.array(values, storage).cast(t)


def column_specs():
    specs = []

    def add(name, t, values, build=None):
        specs.append((name, t, values, build))

    for bits, signed in [(8, True), (16, True), (32, True), (64, True), (8, False), (16, False), (32, False),
                         (64, False)]:
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        vals = [lo, hi, 0, -1 if signed else 1] + [int(x) for x in RNG.integers(lo, hi, N - 4, dtype=np.int64
                                                                                 if bits < 64 or signed else np.uint64,
                                                                                 endpoint=False)]
        t = getattr(pa, ("int" if signed else "uint") + str(bits))()
        add(t.__str__(), t, with_nulls(vals))
    floats = [0.1, -2.5, float("nan"), float("inf"), float("-inf"), -0.0, 1e300] + list(RNG.normal(0, 1e6, N - 7))
    add("float64", pa.float64(), with_nulls(floats))
    f32 = [float(np.float32(x)) if abs(x) < 3e38 or x != x or abs(x) == float("inf") else float("inf") for x in floats]
    add("float32", pa.float32(), with_nulls(f32))
    f16 = [float(np.float16(x)) for x in [0.5, -1.25, 65504.0, float("nan")] + list(RNG.normal(0, 100, N - 4))]
    add("float16", pa.float16(), with_nulls(f16), lambda v, t: pa.array(
        [None if x is None else np.float16(x) for x in v], t))
    add("bool", pa.bool_(), with_nulls([bool(x) for x in RNG.integers(0, 1, N, endpoint=True)]))
    words = ["", "a", "arrow", "ünïcødé ✓", "x" * 40] + ["w%d" % i for i in range(N - 5)]
    add("utf8", pa.utf8(), with_nulls(words))
    add("large_utf8", pa.large_utf8(), with_nulls(words))
    add("string_view", pa.string_view(), with_nulls(words))
    blobs = [w.encode() for w in words]
    add("binary", pa.binary(), with_nulls(blobs))
    add("large_binary", pa.large_binary(), with_nulls(blobs))
    add("binary_view", pa.binary_view(), with_nulls(blobs))
    add("fixed_size_binary", pa.binary(4), with_nulls([bytes(RNG.integers(0, 255, 4, dtype=np.uint8))
                                                       for _ in range(N)]))
    add("date32", pa.date32(), with_nulls(ints(-30000, 30000)), from_ints)
    add("date64", pa.date64(), with_nulls([d * 86_400_000 for d in ints(-30000, 30000)]), from_ints)
    add("time32_s", pa.time32("s"), with_nulls(ints(0, 86399)), from_ints)
    add("time32_ms", pa.time32("ms"), with_nulls(ints(0, 86_399_999)), from_ints)
    add("time64_us", pa.time64("us"), with_nulls(ints(0, 86_399_999_999)), from_ints)
    add("time64_ns", pa.time64("ns"), with_nulls(ints(0, 86_399_999_999_999)), from_ints)
    # Negative and sub-microsecond values: the rounding rule is exercised through Spark.
    for unit, span in [("s", 10**10), ("ms", 10**13), ("us", 10**16), ("ns", 10**18)]:
        edge = [-1, 1, -1500, 1500, -999, 0]
        for tz in [None, "UTC", "Europe/Paris"]:
            t = pa.timestamp(unit, tz)
            add("timestamp_%s_%s" % (unit, tz or "none"), t, with_nulls(edge + ints(-span, span, N - 6)), from_ints)
        add("duration_%s" % unit, pa.duration(unit), with_nulls(edge + ints(-span, span, N - 6)), from_ints)
    mdn = [(1, 2, -1500), (-1, -2, 1500), (0, 0, -999), (12, 31, 86_400_000_000_123)] + [
        (int(a), int(b), int(c)) for a, b, c in zip(ints(-1000, 1000, N - 4), ints(-1000, 1000, N - 4),
                                                    ints(-10**15, 10**15, N - 4))]
    add("month_day_nano", pa.month_day_nano_interval(), with_nulls(mdn),
        lambda v, t: pa.array([None if x is None else pa.scalar(x, t).as_py() for x in v], t))

    def decimals(precision, scale, n=N):
        q = decimal.Decimal(1).scaleb(-scale)
        top = 10 ** (precision - scale) - 1
        out = [decimal.Decimal(top) + (1 - q), -(decimal.Decimal(top) + (1 - q)), decimal.Decimal(0).quantize(q)]
        for _ in range(n - 3):
            whole = int(RNG.integers(-min(top, 10**15), min(top, 10**15), endpoint=True))
            frac = int(RNG.integers(0, 10**scale - 1, endpoint=True)) if scale else 0
            out.append((decimal.Decimal(whole) + decimal.Decimal(frac).scaleb(-scale)).quantize(q))
        return out

    add("decimal32", pa.decimal32(9, 2), with_nulls(decimals(9, 2)))
    add("decimal64", pa.decimal64(18, 4), with_nulls(decimals(18, 4)))
    add("decimal128", pa.decimal128(38, 10), with_nulls(decimals(38, 10)))
    add("decimal256", pa.decimal256(50, 5), with_nulls(decimals(50, 5)))
    lists = [None if i % 9 == 4 else [None if (i + j) % 5 == 0 else i * 10 + j for j in range(i % 4)]
             for i in range(N)]
    add("list", pa.list_(pa.int32()), lists)
    add("large_list", pa.large_list(pa.int32()), lists)
    add("list_view", pa.list_view(pa.int32()), lists)
    add("large_list_view", pa.large_list_view(pa.int32()), lists)
    add("fixed_size_list", pa.list_(pa.int16(), 3),
        [None if i % 9 == 4 else [i % 100, None if i % 2 else -i % 100, 7] for i in range(N)])
    struct_t = pa.struct([("a", pa.int32()), ("b", pa.utf8())])
    add("struct", struct_t, [None if i % 8 == 5 else {"a": None if i % 3 == 0 else i, "b": "s%d" % i}
                             for i in range(N)])
    add("map", pa.map_(pa.utf8(), pa.int64()), [None if i % 10 == 1 else [("k%d" % j, None if j == 1 else i * j)
                                                                           for j in range(i % 3)] for i in range(N)])
    colors = ["red", "green", "blue", "x" * 30]
    add("dictionary", pa.dictionary(pa.int32(), pa.utf8()), with_nulls([colors[i % 4] for i in range(N)]))
    runs = with_nulls([colors[(i // 37) % 4] for i in range(N)], every=101)
    add("run_end_encoded", pa.run_end_encoded(pa.int32(), pa.utf8()), runs, build_ree)
    add("uuid", pa.uuid(), with_nulls([bytes(RNG.integers(0, 255, 16, dtype=np.uint8)) for _ in range(N)]),
        lambda v, t: pa.ExtensionArray.from_storage(t, pa.array(v, pa.binary(16))))
    add("json", pa.json_(), with_nulls(['{"k": %d}' % i for i in range(N)]),
        lambda v, t: pa.ExtensionArray.from_storage(t, pa.array(v, pa.utf8())))
    add("null", pa.null(), [None] * N, lambda v, t: pa.nulls(len(v)))
    return specs


def build_ree(values, t):
    ends, runs = [], []
    for i, v in enumerate(values):
        if runs and runs[-1] == v:
            ends[-1] = i + 1
        else:
            runs.append(v)
            ends.append(i + 1)
    return pa.RunEndEncodedArray.from_arrays(pa.array(ends, pa.int32()), pa.array(runs, pa.utf8()))


def union_columns(n=N):
    """A sparse and a dense union of an int64 (code 3) and a string (code 7) member."""
    codes = [3 if i % 3 else 7 for i in range(n)]
    ints_ = [i * 11 for i in range(n)]
    strs = ["u%d" % i for i in range(n)]
    values = [(c, ints_[i] if c == 3 else strs[i]) for i, c in enumerate(codes)]
    sparse = pa.UnionArray.from_sparse(pa.array(codes, pa.int8()), [pa.array(ints_, pa.int64()),
                                                                     pa.array(strs, pa.utf8())],
                                       ["i", "s"], [3, 7])
    offsets, di, ds = [], [], []
    for i, c in enumerate(codes):
        if c == 3:
            offsets.append(len(di))
            di.append(ints_[i])
        else:
            offsets.append(len(ds))
            ds.append(strs[i])
    dense = pa.UnionArray.from_dense(pa.array(codes, pa.int8()), pa.array(offsets, pa.int32()),
                                     [pa.array(di, pa.int64()), pa.array(ds, pa.utf8())], ["i", "s"], [3, 7])
    return values, sparse, dense


def types_table():
    arrays, expected = {}, {}
    for name, t, values, build in column_specs():
        arrays[name] = build(values, t) if build else pa.array(values, t)
        expected[name] = [canon(v, t) for v in values]
    values, sparse, dense = union_columns()
    for name, arr in [("sparse_union", sparse), ("dense_union", dense)]:
        arrays[name] = arr
        expected[name] = [canon(v, arr.type) for v in values]
    return pa.table(arrays), expected


# ---- writing ------------------------------------------------------------------------------------------------------

def case(name, producer, fmt, expected, write):
    path = os.path.join(OUT, name + (".arrow" if fmt == "file" else ".arrows"))
    write(path)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"format": fmt, "producer": producer, "columns": expected}, f)
    CASES.append(name)


def ipc(path, table, fmt, compression=None, chunk=None, **options):
    opts = pa.ipc.IpcWriteOptions(compression=compression, **options)
    sink = pa.ipc.new_file if fmt == "file" else pa.ipc.new_stream
    with sink(path, table.schema, options=opts) as w:
        w.write_table(table, max_chunksize=chunk)


def main():
    table, expected = types_table()
    for fmt in ["file", "stream"]:
        for codec in [None, "lz4", "zstd"]:
            case("pyarrow_types_%s_%s" % (fmt, codec or "none"), "pyarrow", fmt, expected,
                 lambda p, fmt=fmt, codec=codec: ipc(p, table, fmt, codec, chunk=300))
    # Sliced: every buffer starts at a non-zero offset.
    sliced = table.slice(123, 456)
    sliced_expected = {k: v[123:123 + 456] for k, v in expected.items()}
    for codec in [None, "lz4"]:
        case("pyarrow_sliced_%s" % (codec or "none"), "pyarrow", "file", sliced_expected,
             lambda p, codec=codec: ipc(p, sliced, "file", codec))
    # Zero rows, and an empty batch between two others.
    case("pyarrow_zero_rows", "pyarrow", "file", {k: [] for k in expected},
         lambda p: ipc(p, table.slice(0, 0), "file"))

    def empty_batch_between(p):
        first = table.slice(0, 10).combine_chunks().to_batches()[0]
        with pa.ipc.new_file(p, table.schema) as w:
            w.write_batch(first)
            w.write_batch(first.slice(0, 0))
            w.write_batch(table.slice(10, 5).combine_chunks().to_batches()[0])
    case("pyarrow_empty_batch", "pyarrow", "file", {k: v[:15] for k, v in expected.items()}, empty_batch_between)

    # Large buffers: several MiB a column, LZ4 and ZSTD.
    n = 1_500_000
    big_ids = np.arange(n, dtype=np.int64) * 3 - 7
    big_words = ["w%d" % (i % 10007) for i in range(n)]
    big = pa.table({"id": big_ids, "word": big_words})
    big_expected = {"id": [str(int(x)) for x in big_ids], "word": big_words}
    for codec in ["lz4", "zstd"]:
        case("pyarrow_large_%s" % codec, "pyarrow", "file", big_expected,
             lambda p, codec=codec: ipc(p, big, "file", codec))
    case("pyarrow_feather_default", "pyarrow", "file", big_expected, lambda p: feather.write_feather(big, p))

    # Delta dictionaries in a stream: later batches add values to the dictionary.
    dict_t = pa.dictionary(pa.int32(), pa.utf8())
    b1 = pa.record_batch([pa.array(["a", "b", None, "a"], pa.utf8()).dictionary_encode()], ["d"])
    b2 = pa.record_batch([pa.DictionaryArray.from_arrays(pa.array([0, 2, 3], pa.int32()),
                                                         pa.array(["a", "b", "c", "d"]))], ["d"])

    def deltas(p):
        opts = pa.ipc.IpcWriteOptions(emit_dictionary_deltas=True)
        with pa.ipc.new_stream(p, pa.schema([("d", dict_t)]), options=opts) as w:
            w.write_batch(b1)
            w.write_batch(b2)
    case("pyarrow_dictionary_deltas", "pyarrow", "stream", {"d": ["a", "b", None, "a", "a", "c", "d"]}, deltas)

    # pandas to_feather with its defaults (LZ4), and the dtypes pandas users have.
    pdf = pd.DataFrame({
        "i": pd.array([1, None, 3, -4], dtype="Int64"),
        "f": [0.5, float("nan"), 2.0, -1.0],
        "s": pd.array(["a", None, "ccc", ""], dtype="string"),
        "cat": pd.Categorical(["x", "y", None, "x"]),
        "ts": pd.to_datetime([0, 1_500, None, -1_500], unit="ns", utc=True).tz_convert("Europe/Paris"),
    })
    case("pandas_to_feather", "pandas", "file", {
        "i": ["1", None, "3", "-4"],
        "f": ["0.5", None, "2", "-1"],  # pandas writes NaN as null
        "s": ["a", None, "ccc", ""],
        "cat": ["x", "y", None, "x"],
        "ts": ["0", "1500", None, "-1500"],
    }, lambda p: pdf.to_feather(p))

    # Polars: write_ipc and write_ipc_stream at each compat level with each compression.
    pdf_rows = 2000
    frame = pl.DataFrame({
        "i": pl.Series([None if i % 7 == 3 else i - 1000 for i in range(pdf_rows)], dtype=pl.Int64),
        "u8": pl.Series([i % 256 for i in range(pdf_rows)], dtype=pl.UInt8),
        "f": pl.Series([None if i % 5 == 0 else i / 4 for i in range(pdf_rows)], dtype=pl.Float64),
        "s": [None if i % 9 == 0 else "s%d" % (i % 97) for i in range(pdf_rows)],
        "b": [i % 3 == 0 for i in range(pdf_rows)],
        "d": pl.Series([i - 1000 for i in range(pdf_rows)], dtype=pl.Int32).cast(pl.Date),
        "dt_ns": pl.Series([i * 1_000_000_007 - 10**12 for i in range(pdf_rows)], dtype=pl.Int64)
                 .cast(pl.Datetime("ns")),
        "dt_us_tz": pl.Series([i * 1_000_003 for i in range(pdf_rows)], dtype=pl.Int64)
                    .cast(pl.Datetime("us", "Europe/Paris")),
        "dur": pl.Series([i * 1_001 - 1500 for i in range(pdf_rows)], dtype=pl.Int64).cast(pl.Duration("us")),
        "t": pl.Series([i * 43_000_000_001 for i in range(pdf_rows)], dtype=pl.Int64).cast(pl.Time),
        "dec": pl.Series([decimal.Decimal("%d.%02d" % (i - 1000, i % 100)) for i in range(pdf_rows)],
                         dtype=pl.Decimal(12, 2)),
        "cat": pl.Series(["c%d" % (i % 4) for i in range(pdf_rows)], dtype=pl.Categorical),
        "lst": [None if i % 11 == 0 else list(range(i % 4)) for i in range(pdf_rows)],
        "arr": pl.Series([[i, i + 1] for i in range(pdf_rows)], dtype=pl.Array(pl.Int32, 2)),
        "st": [{"x": i, "y": "y%d" % i} for i in range(pdf_rows)],
    })
    polars_expected = {
        "i": [None if i % 7 == 3 else str(i - 1000) for i in range(pdf_rows)],
        "u8": [str(i % 256) for i in range(pdf_rows)],
        "f": [None if i % 5 == 0 else canon_float(i / 4) for i in range(pdf_rows)],
        "s": [None if i % 9 == 0 else "s%d" % (i % 97) for i in range(pdf_rows)],
        "b": [i % 3 == 0 for i in range(pdf_rows)],
        "d": [str(i - 1000) for i in range(pdf_rows)],
        "dt_ns": [str(i * 1_000_000_007 - 10**12) for i in range(pdf_rows)],
        "dt_us_tz": [str(i * 1_000_003) for i in range(pdf_rows)],
        "dur": [str(i * 1_001 - 1500) for i in range(pdf_rows)],
        "t": [str(i * 43_000_000_001) for i in range(pdf_rows)],
        "dec": ["%d.%02d" % (i - 1000, i % 100) if i >= 1000 else
                format(decimal.Decimal("%d.%02d" % (i - 1000, i % 100)), "f") for i in range(pdf_rows)],
        "cat": ["c%d" % (i % 4) for i in range(pdf_rows)],
        "lst": [None if i % 11 == 0 else [str(x) for x in range(i % 4)] for i in range(pdf_rows)],
        "arr": [[str(i), str(i + 1)] for i in range(pdf_rows)],
        "st": [[str(i), "y%d" % i] for i in range(pdf_rows)],
    }
    for level_name, level in [("oldest", pl.CompatLevel.oldest()), ("newest", pl.CompatLevel.newest())]:
        for codec in ["uncompressed", "lz4", "zstd"]:
            case("polars_%s_%s" % (level_name, codec), "polars", "file", polars_expected,
                 lambda p, level=level, codec=codec: frame.write_ipc(p, compression=codec, compat_level=level))
            case("polars_stream_%s_%s" % (level_name, codec), "polars", "stream", polars_expected,
                 lambda p, level=level, codec=codec: frame.write_ipc_stream(p, compression=codec,
                                                                            compat_level=level))
    print(json.dumps(CASES))


if __name__ == "__main__":
    main()
