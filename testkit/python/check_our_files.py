"""Checks Arrow IPC files arrowfile wrote against what the Java side meant to write, with pyarrow and Polars.

Usage: check_our_files.py CASES_JSON

CASES_JSON is a list of cases, each an object:
  {"name": "...",             # names the case in the report
   "path": "/.../x.arrow",    # one file we wrote
   "format": "file"|"stream", # IPC file format or stream format
   "expected": "/.../x.json"} # expectations, written by the Java side from the values it wrote

The expectations file is an object:
  {"columns": [{"name": ..., "type": "<pyarrow type string docs/types.md promises>"|null}, ...],
   "rows": [[v, ...], ...],          # every row of the file, in file order (all batches), canonical form
   "sort": false,                    # true: rows may come in any order (compare sorted by their JSON text)
   "polars_skip": {"col": "why"}}    # optional: columns Polars is not asked about, and why

Canonical JSON form of a value (the same on both sides):
  null -> null; booleans -> true/false
  integers -> a JSON number when |v| <= 2^53, else the decimal string
  floats -> a JSON number; NaN, Infinity, -Infinity -> the strings "NaN", "Infinity", "-Infinity"
  decimals -> the plain decimal string with exactly `scale` digits after the point (Java toPlainString)
  strings -> the string; binary (all kinds) -> lower-case hex string
  date32 -> days, date64 -> ms, time/timestamp/duration -> integer in the Arrow unit (zone ignored)
  interval year_month -> months; day_time -> [days, ms]; month_day_nano -> [months, days, nanos]
  lists (all kinds) -> arrays; structs -> objects by child name; maps -> arrays of [key, value]
  unions -> [type_id, value], or null where the selected child's value is null
  dictionary / run-end encoded / extension -> the canonical form of the decoded value

Prints one JSON report: {"cases": {name: {"pyarrow": {...}, "polars": {...}}}}; each check is
{"ok": true|false, "error": "...", ...}. The checks run in child processes (Polars, and pyarrow on some
inputs, can crash the process); a case that crashes one is reported as {"crash": {...}} and the next child
goes on after it. Exits non-zero only when the script itself fails: the Java side
asserts on the report.
"""

import json
import math
import sys
import traceback

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.feather as feather
import pyarrow.ipc as ipc

try:
    import polars as pl
except ImportError:  # pragma: no cover
    pl = None

TWO_53 = 2 ** 53


def canon_int(v):
    return v if abs(v) <= TWO_53 else str(v)


def canon_float(v):
    v = float(v)
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return v


def _decimal_with_scale(v, scale):
    s = format(v, "f")
    if scale <= 0:
        return s.split(".")[0] if "." in s else s
    if "." not in s:
        s += "." + "0" * scale
    else:
        frac = len(s) - s.index(".") - 1
        if frac < scale:
            s += "0" * (scale - frac)
    return s


def canon_array(arr):
    """The canonical values of a pyarrow Array, as a Python list."""
    if isinstance(arr, pa.ChunkedArray):
        out = []
        for c in arr.chunks:
            out.extend(canon_array(c))
        return out
    t = arr.type
    n = len(arr)
    if n == 0:
        # pyarrow 25 crashes the process on e.g. UnionArray.type_codes of an empty dense union read from IPC
        # (its own files too): an empty array has nothing to look at.
        return []
    valid = arr.is_valid().to_pylist() if not pa.types.is_null(t) else [False] * n
    if isinstance(t, pa.ExtensionType):
        return canon_array(arr.storage)
    if pa.types.is_null(t):
        return [None] * n
    if pa.types.is_dictionary(t):
        values = canon_array(arr.dictionary)
        idx = arr.indices.to_pylist()
        return [None if i is None else values[i] for i in idx]
    if pa.types.is_run_end_encoded(t):
        return canon_array(pc.run_end_decode(arr))
    if pa.types.is_boolean(t):
        return arr.to_pylist()
    if pa.types.is_integer(t):
        return [None if v is None else canon_int(v) for v in arr.to_pylist()]
    if pa.types.is_floating(t):
        return [None if v is None else canon_float(v) for v in arr.to_pylist()]
    if pa.types.is_decimal(t):
        return [None if v is None else _decimal_with_scale(v, t.scale) for v in arr.to_pylist()]
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return arr.to_pylist()
    if (pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t)
            or pa.types.is_fixed_size_binary(t)):
        return [None if v is None else v.hex() for v in arr.to_pylist()]
    if pa.types.is_date32(t) or pa.types.is_time32(t):
        return _masked(arr.view(pa.int32()).to_pylist(), valid)
    if pa.types.is_date64(t) or pa.types.is_time64(t) or pa.types.is_timestamp(t) or pa.types.is_duration(t):
        return _masked([canon_int(v) if v is not None else None for v in arr.view(pa.int64()).to_pylist()], valid)
    if t == pa.month_day_nano_interval():
        return [None if v is None else [v.months, v.days, canon_int(v.nanoseconds)] for v in arr.to_pylist()]
    if t.id == 21:  # interval year_month (no Python factory)
        return _masked(arr.view(pa.int32()).to_pylist(), valid)
    if t.id == 22:  # interval day_time
        out = []
        for v in arr.view(pa.int64()).to_pylist():
            if v is None:
                out.append(None)
                continue
            u = v & 0xFFFFFFFFFFFFFFFF
            days, ms = u & 0xFFFFFFFF, u >> 32
            out.append([days - (1 << 32) if days >= 1 << 31 else days, ms - (1 << 32) if ms >= 1 << 31 else ms])
        return _masked(out, valid)
    if pa.types.is_map(t):
        out = []
        for i in range(n):
            if not valid[i]:
                out.append(None)
                continue
            entries = arr[i].values
            if entries is None:
                out.append([])
                continue
            keys = canon_array(entries.field(0))
            vals = canon_array(entries.field(1))
            out.append([[k, v] for k, v in zip(keys, vals)])
        return out
    if (pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t)
            or pa.types.is_list_view(t) or pa.types.is_large_list_view(t)):
        out = []
        for i in range(n):
            if not valid[i]:
                out.append(None)
                continue
            values = arr[i].values
            out.append([] if values is None else canon_array(values))
        return out
    if pa.types.is_struct(t):
        children = [(t.field(j).name, canon_array(arr.field(j))) for j in range(t.num_fields)]
        return [{name: vals[i] for name, vals in children} if valid[i] else None for i in range(n)]
    if pa.types.is_union(t):
        # UnionArray.type_codes and .offsets of pyarrow 25 ignore a slice's offset: read the buffers instead.
        bufs = arr.buffers()
        codes = pa.Array.from_buffers(pa.int8(), n, [None, bufs[1]], offset=arr.offset).to_pylist()
        child_index = {code: j for j, code in enumerate(t.type_codes)}
        children = [canon_array(arr.field(j)) for j in range(t.num_fields)]
        dense = t.mode == "dense"
        offsets = pa.Array.from_buffers(pa.int32(), n, [None, bufs[2]], offset=arr.offset).to_pylist() \
            if dense else None
        out = []
        for i in range(n):
            code = codes[i]
            child = children[child_index[code]]
            v = child[offsets[i]] if dense else child[i]
            out.append(None if v is None else [code, v])
        return out
    raise TypeError(f"no canonical form for {t}")


def _masked(values, valid):
    return [v if ok else None for v, ok in zip(values, valid)]


def canon_table(table):
    return [canon_array(table.column(i)) for i in range(table.num_columns)]


def rows_of(columns, count):
    return [[c[r] for c in columns] for r in range(count)]


def compare(expected, actual_columns, names, sort):
    """None when equal, else a short description of the first difference."""
    actual = rows_of(actual_columns, len(actual_columns[0]) if actual_columns else len(expected))
    if len(actual) != len(expected):
        return f"{len(actual)} rows, expected {len(expected)}"
    if sort:
        key = lambda r: json.dumps(r, sort_keys=True)  # noqa: E731
        expected = sorted(expected, key=key)
        actual = sorted(actual, key=key)
    for r, (e, a) in enumerate(zip(expected, actual)):
        if not same(e, a):
            for c, name in enumerate(names):
                if not same(e[c], a[c]):
                    return f"row {r} column {name}: expected {json.dumps(e[c])[:300]}, got {json.dumps(a[c])[:300]}"
            return f"row {r}: expected {json.dumps(e)[:300]}, got {json.dumps(a)[:300]}"
    return None


def same(e, a):
    if isinstance(e, float) or isinstance(a, float):
        if isinstance(e, (int, float)) and isinstance(a, (int, float)) and not isinstance(e, bool):
            return float(e) == float(a)
        return False
    if isinstance(e, list) and isinstance(a, list):
        return len(e) == len(a) and all(same(x, y) for x, y in zip(e, a))
    if isinstance(e, dict) and isinstance(a, dict):
        return e.keys() == a.keys() and all(same(e[k], a[k]) for k in e)
    return e == a and type(e) is type(a)


def ok(**kw):
    return dict(ok=True, **kw)


def failed(e):
    return {"ok": False, "error": f"{type(e).__name__}: {e}"[:2000]}


def check_pyarrow(case, exp):
    out = {}
    names = [c["name"] for c in exp["columns"]]
    try:
        with pa.memory_map(case["path"]) as source:
            reader = ipc.open_file(source) if case["format"] == "file" else ipc.open_stream(source)
            batches = [reader.get_batch(i) for i in range(reader.num_record_batches)] \
                if case["format"] == "file" else list(reader)
            schema = reader.schema
        for i, b in enumerate(batches):
            try:
                b.validate(full=True)
            except Exception as e:  # noqa: BLE001
                raise ValueError(f"batch {i} fails validate(full=True): {e}") from e
        table = pa.Table.from_batches(batches, schema=schema)
        table.validate(full=True)
        out["validate"] = ok(batches=len(batches), rows=table.num_rows)
    except Exception as e:  # noqa: BLE001
        out["validate"] = failed(e)
        return out
    types = {f.name: str(f.type) for f in schema}
    out["types"] = types
    wrong = [f"{c['name']}: {types.get(c['name'])} != {c['type']}" for c in exp["columns"]
             if c.get("type") is not None and types.get(c["name"]) != c["type"]]
    out["schema"] = ok() if not wrong else {"ok": False, "error": "; ".join(wrong)}
    try:
        table = table.select(names)
        columns = []
        for i, name in enumerate(names):
            try:
                columns.append(canon_array(table.column(i)))
            except KeyError as e:
                # pyarrow 25 has no Python array class for interval[months] (or day_time): the column cannot
                # even be handed to Python. Its bytes are checked by validate(full=True) only.
                out.setdefault("python_cannot", {})[name] = f"{types.get(name)}: no pyarrow Python class (KeyError {e})"
                columns.append(None)
        keep = [i for i, c in enumerate(columns) if c is not None]
        expected = [[row[i] for i in keep] for row in exp["rows"]]
        diff = compare(expected, [columns[i] for i in keep], [names[i] for i in keep], exp.get("sort", False))
        out["values"] = ok() if diff is None else {"ok": False, "error": diff}
    except Exception as e:  # noqa: BLE001
        out["values"] = failed(e)
    if case["format"] == "file":
        try:
            ft = feather.read_table(case["path"]).select(names)
            keep = [i for i, n in enumerate(names) if n not in out.get("python_cannot", {})]
            expected = [[row[i] for i in keep] for row in exp["rows"]]
            diff = compare(expected, [canon_array(ft.column(i)) for i in keep], [names[i] for i in keep],
                           exp.get("sort", False))
            out["feather"] = ok() if diff is None else {"ok": False, "error": diff}
        except Exception as e:  # noqa: BLE001
            out["feather"] = failed(e)
    return out


def polars_expected(value, t):
    """The canonical value as Polars gives it back: maps become lists of {key, value} structs."""
    if value is None:
        return None
    if isinstance(t, pa.ExtensionType):
        return polars_expected(value, t.storage_type)
    if pa.types.is_map(t):
        kf, vf = t.key_field, t.item_field
        return [{"key": polars_expected(k, kf.type), "value": polars_expected(v, vf.type)} for k, v in value]
    if (pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t)
            or pa.types.is_list_view(t) or pa.types.is_large_list_view(t)):
        return [polars_expected(v, t.value_type) for v in value]
    if pa.types.is_struct(t):
        return {t.field(j).name: polars_expected(value[t.field(j).name], t.field(j).type) for j in range(t.num_fields)}
    if pa.types.is_dictionary(t):
        return polars_expected(value, t.value_type)
    return value


def _has_map(t):
    if pa.types.is_map(t):
        return True
    if isinstance(t, pa.ExtensionType):
        return _has_map(t.storage_type)
    if pa.types.is_dictionary(t):
        return _has_map(t.value_type)
    return any(_has_map(t.field(j).type) for j in range(getattr(t, "num_fields", 0)))


def polars_column(column, file_type):
    """Canonical values of a column Polars gave back, cast back to the file's type where Polars changed it
    (time and duration units, date64 as datetime, large and view variants, decoded dictionaries)."""
    target = file_type
    while True:
        if isinstance(target, pa.ExtensionType):
            target = target.storage_type
        elif pa.types.is_dictionary(target):
            target = target.value_type
        else:
            break
    if not _has_map(target) and column.type != target:
        column = column.cast(target)
    return canon_array(column)


def _polars_cannot(t):
    """Why Polars 1.44 cannot import an Arrow type (it fails the whole file), or None."""
    if isinstance(t, pa.ExtensionType):
        return _polars_cannot(t.storage_type)
    if pa.types.is_interval(t) or t.id in (21, 22):
        return f"{t}: Polars has no interval type (fails the file: 'could not import from {t}')"
    if pa.types.is_decimal256(t):
        return f"{t}: Polars has no 256-bit decimals ('operator does not support primitive Int256')"
    if pa.types.is_list_view(t) or pa.types.is_large_list_view(t):
        return f"{t}: Polars IPC reader does not implement list views ('not yet implemented')"
    if pa.types.is_union(t):
        return f"{t}: Polars has no union type"
    for j in range(getattr(t, "num_fields", 0)):
        why = _polars_cannot(t.field(j).type)
        if why:
            return why
    if pa.types.is_dictionary(t):
        return _polars_cannot(t.value_type)
    if pa.types.is_run_end_encoded(t):
        return f"{t}: Polars IPC reader does not implement run-end encoding ('not yet implemented')"
    return None


def polars_unsupported(schema, names):
    out = {}
    for f in schema:
        why = _polars_cannot(f.type)
        if why:
            out[f.name] = why
    return out


def check_polars(case, exp, schema):
    if pl is None:
        return {"read_ipc": {"ok": False, "error": "polars not installed"}}
    skip = exp.get("polars_skip", {})
    names = [c["name"] for c in exp["columns"] if c["name"] not in skip]
    idx = [i for i, c in enumerate(exp["columns"]) if c["name"] not in skip]
    expected = [[polars_expected(row[i], schema.field(exp["columns"][i]["name"]).type) for i in idx]
                for row in exp["rows"]]
    out = {"skipped": skip}
    unsupported = polars_unsupported(schema, names)
    if unsupported:
        # Polars fails the whole file on these, by a panic or even a crash of the process (its mmap reader on
        # month_day_nano): not asked, the reason recorded.
        out["unsupported"] = unsupported
        return out
    readers = {"read_ipc_stream": lambda: pl.read_ipc_stream(case["path"], columns=names)} \
        if case["format"] == "stream" else {
            "read_ipc": lambda: pl.read_ipc(case["path"], columns=names, memory_map=False),
            "read_ipc_mmap": lambda: pl.read_ipc(case["path"], columns=mmap_names, memory_map=True),
            "scan_ipc": lambda: pl.scan_ipc(case["path"]).select(names).collect(),
        }
    mmap_names = names
    if any(_has_map(f.type) for f in schema):
        # Polars' memory-mapped reader (used for uncompressed files) panics 'not yet implemented' on any file
        # with a map anywhere in its schema, whatever columns are asked for (pyarrow's files too).
        readers.pop("read_ipc_mmap", None)
        out["read_ipc_mmap_skipped"] = "the file has a map column: Polars' memory-mapped IPC reader does not implement maps"
    for label, read in readers.items():
        try:
            df = read()
            cols = mmap_names if label == "read_ipc_mmap" else names
            keep = [names.index(n) for n in cols]
            table = df.to_arrow().select(cols)
            diff = compare([[row[i] for i in keep] for row in expected],
                           [polars_column(table.column(i), schema.field(n).type) for i, n in enumerate(cols)],
                           cols, exp.get("sort", False))
            out[label] = ok() if diff is None else {"ok": False, "error": diff}
        except BaseException as e:  # noqa: BLE001  (a Rust panic is a BaseException)
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            out[label] = failed(e)
            if label == "read_ipc_mmap":  # which columns: read one at a time
                bad = []
                for n in mmap_names:
                    try:
                        pl.read_ipc(case["path"], columns=[n], memory_map=True)
                    except BaseException as e2:  # noqa: BLE001
                        if isinstance(e2, (KeyboardInterrupt, SystemExit)):
                            raise
                        bad.append(f"{n} ({schema.field(n).type}): {e2}"[:300])
                out[label]["columns"] = bad
    return out


def polars_child(cases_file, start):
    """Polars checks of cases[start:], one JSON line per case, in a process of its own: Polars can crash."""
    with open(cases_file) as f:
        cases = json.load(f)
    for i in range(start, len(cases)):
        case = cases[i]
        print(json.dumps({"begin": i}), flush=True)
        print(f"checking {case['name']}", file=sys.stderr, flush=True)  # names a case that crashes
        with open(case["expected"]) as f:
            exp = json.load(f)
        result = {"pyarrow": check_pyarrow(case, exp)}
        print(json.dumps({"pyarrow_done": i, "pyarrow": result["pyarrow"]}), flush=True)
        try:
            with pa.memory_map(case["path"]) as source:
                schema = (ipc.open_file(source) if case["format"] == "file" else ipc.open_stream(source)).schema
            result["polars"] = check_polars(case, exp, schema)
        except Exception as e:  # noqa: BLE001
            result["polars"] = {"schema": failed(e)}
        print(json.dumps({"case": i, "result": result}), flush=True)


def polars_all(cases_file, count):
    """Runs polars_child until every case has a result; a case that crashes the process is recorded as such."""
    import subprocess
    results = {}
    start = 0
    while start < count:
        p = subprocess.run([sys.executable, __file__, "--polars", cases_file, str(start)], capture_output=True,
                           text=True, env={**__import__("os").environ, "RUST_BACKTRACE": "0"})
        begun = None
        pyarrow_done = {}
        for line in p.stdout.splitlines():
            msg = json.loads(line)
            if "begin" in msg:
                begun = msg["begin"]
            elif "pyarrow_done" in msg:
                pyarrow_done[msg["pyarrow_done"]] = msg["pyarrow"]
            else:
                results[msg["case"]] = msg["result"]
                begun = None
        if p.returncode == 0:
            break
        if begun is None:
            raise RuntimeError(f"Polars child exited {p.returncode} outside a case: {p.stderr[-2000:]}")
        tail = [ln for ln in p.stderr.splitlines() if "panicked" in ln or "Error" in ln][-3:]
        if begun in pyarrow_done:  # pyarrow finished: Polars crashed the process
            results[begun] = {"pyarrow": pyarrow_done[begun], "polars": {"crash": {
                "ok": False, "error": f"Polars crashed the process ({p.returncode}): " + " | ".join(tail)}}}
        else:
            results[begun] = {"crash": {"ok": False, "error": f"pyarrow crashed the process ({p.returncode}): "
                                        + p.stderr[-300:]}}
        start = begun + 1
    return results


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    report = {"pyarrow": pa.__version__, "polars": pl.__version__ if pl else None, "cases": {}}
    results = polars_all(sys.argv[1], len(cases))
    for i, case in enumerate(cases):
        report["cases"][case["name"]] = results.get(i, {"missing": {"ok": False, "error": "no result"}})
    json.dump(report, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    try:
        if len(sys.argv) > 1 and sys.argv[1] == "--polars":
            polars_child(sys.argv[2], int(sys.argv[3]))
        else:
            main()
    except Exception:  # noqa: BLE001
        traceback.print_exc()
        sys.exit(2)
