"""Hugging Face datasets as a peer, both ways (io.arrowfile.interop.python.HuggingFaceDatasetsTest).

Usage:
  hf_datasets_peer.py make OUT_DIR
      Makes a small dataset with datasets' own feature types (Value types, ClassLabel, Sequence, nested dicts,
      lists of dicts, Array2D) and save_to_disk's it into OUT_DIR/ds in two shards (data-0000K-of-00002.arrow,
      Arrow streams, beside dataset_info.json and state.json). Prints {"rows": [...]}: every row as datasets
      gives it (Dataset.to_list, rows in shard order), in the canonical form below.
  hf_datasets_peer.py check FILE...
      Opens each file Spark wrote with Dataset.from_file, all of them together with
      load_dataset("arrow", data_files=[...]), and each with pyarrow.ipc.open_stream. Prints
      {"from_file": rows|{"error"}, "load_dataset": rows|{"error"}, "open_stream": rows|{"error"},
       "polars": rows|{"error"}, "features": str, "from_file_types": {column: arrow type}}, rows canonical, in
      file order; "polars" is Polars' read_ipc_stream, which refuses delta dictionaries (dictionaryDeltas=true).

Canonical form (HuggingFaceDatasetsTest.canonical builds the same from Spark's rows): None -> null; bool; int;
float -> its IEEE 754 double bits as an integer (exact both sides); str; bytes -> lower-case hex; date -> days since
1970-01-01; datetime -> microseconds since 1970-01-01 (UTC for zoned ones); Decimal -> plain string; dict -> object
(fields in order); list/tuple -> array.
"""

import atexit
import datetime
import decimal
import json
import os
import shutil
import struct
import sys
import tempfile

# Nothing from the Hub, and a cache of our own (load_dataset writes one), removed at exit; no progress bars.
_cache = tempfile.mkdtemp(prefix="arrowfile-hf-")
atexit.register(shutil.rmtree, _cache, True)
os.environ["HF_HOME"] = _cache
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"
os.environ["HF_DATASETS_DISABLE_PROGRESS_BARS"] = "1"

EPOCH = datetime.datetime(1970, 1, 1)
EPOCH_UTC = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def canon(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return struct.unpack("<q", struct.pack("<d", v))[0]
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).hex()
    if isinstance(v, datetime.datetime):
        base = EPOCH_UTC if v.tzinfo is not None else EPOCH
        return (v - base) // datetime.timedelta(microseconds=1)
    if isinstance(v, datetime.date):
        return (v - datetime.date(1970, 1, 1)).days
    if isinstance(v, decimal.Decimal):
        return format(v, "f")
    if isinstance(v, dict):
        return {k: canon(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [canon(x) for x in v]
    if hasattr(v, "tolist"):  # numpy values and arrays
        return canon(v.tolist())
    raise TypeError(f"no canonical form for {type(v)}: {v!r}")


def make(out):
    from datasets import Array2D, ClassLabel, Dataset, Features, List, Value

    features = Features({
        "id": Value("int64"),
        "i8": Value("int8"),
        "i16": Value("int16"),
        "i32": Value("int32"),
        "u8": Value("uint8"),
        "u32": Value("uint32"),
        "f32": Value("float32"),
        "f64": Value("float64"),
        "flag": Value("bool"),
        "text": Value("string"),
        "blob": Value("binary"),
        "day": Value("date32"),
        "at": Value("timestamp[us]"),
        "label": ClassLabel(names=["neg", "neu", "pos"]),
        "tokens": List(Value("int32")),
        "words": List(Value("string")),
        "meta": {"source": Value("string"), "score": {"value": Value("float64"), "votes": Value("int32")}},
        "spans": List({"start": Value("int32"), "end": Value("int32"), "tag": Value("string")}),
        "grid": Array2D(shape=(2, 3), dtype="int32"),
    })
    rows = []
    for i in range(40):
        null = i % 7 == 3
        rows.append({
            "id": i,
            "i8": None if null else (i * 37) % 256 - 128,
            "i16": -32768 + i * 1601,
            "i32": None if null else i * 1_000_003 - 20_000_000,
            "u8": (i * 11) % 256,
            "u32": 4_294_967_295 - i,
            "f32": i / 8 - 2.5,
            "f64": None if null else i * 1.1e-3 - 7e10,
            "flag": None if null else i % 2 == 0,
            "text": None if null else f"row {i} · é 中 😀" * (i % 3),
            "blob": None if null else bytes([i, 255 - i, 0]) * (i % 4),
            "day": datetime.date(1970, 1, 1) + datetime.timedelta(days=i * 997 - 20000),
            "at": datetime.datetime(2024, 5, 1, 12, 0, 0) + datetime.timedelta(microseconds=i * 123_456_789),
            "label": i % 3,
            "tokens": None if null else list(range(i % 5)),
            "words": [f"w{i}", "", f"{i % 3}"],
            "meta": {"source": None if null else f"src{i % 4}",
                     "score": {"value": i * 0.25, "votes": None if null else i * 3}},
            "spans": [{"start": j, "end": j + i, "tag": f"t{j}"} for j in range(i % 3)],
            "grid": [[i, i + 1, i + 2], [-i, -i - 1, -i - 2]],
        })
    ds = Dataset.from_list(rows, features=features)
    path = out + "/ds"
    ds.save_to_disk(path, num_shards=2)
    # What datasets gives for the saved dataset: loaded back, row by row.
    from datasets import load_from_disk

    saved = load_from_disk(path)
    print(json.dumps({"rows": canon(saved.to_list())}))


def check(files):
    import pyarrow.ipc as ipc
    from datasets import Dataset, load_dataset

    report = {}

    def attempt(name, f):
        try:
            report[name] = f()
        except Exception as e:  # the Java side asserts on the report
            report[name] = {"error": f"{type(e).__name__}: {e}"[:2000]}

    def from_file():
        rows = []
        for f in files:
            ds = Dataset.from_file(f)
            report["features"] = str(ds.features)
            report["from_file_types"] = {field.name: str(field.type) for field in ds.data.schema}
            rows.extend(ds.to_list())
        return canon(rows)

    def loaded():
        ds = load_dataset("arrow", data_files=list(files), split="train")
        return canon(ds.to_list())

    def open_stream():
        rows = []
        for f in files:
            with open(f, "rb") as source:
                rows.extend(ipc.open_stream(source).read_all().to_pylist())
        return canon(rows)

    def polars():
        import polars as pl

        rows = []
        for f in files:
            rows.extend(pl.read_ipc_stream(f).to_dicts())
        return canon(rows)

    attempt("from_file", from_file)
    attempt("polars", polars)
    attempt("load_dataset", loaded)
    attempt("open_stream", open_stream)
    print(json.dumps(report))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    elif sys.argv[1] == "check":
        check(sys.argv[2:])
    else:
        sys.exit("usage: hf_datasets_peer.py make OUT_DIR | check FILE...")
