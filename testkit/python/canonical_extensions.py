"""Arrow's canonical extension types between pyarrow and arrowfile (CanonicalExtensionsPeerTest).

    canonical_extensions.py write <outdir>
        pyarrow writes <outdir>/<case>.arrow (or .arrows) with arrow.bool8, arrow.uuid, arrow.json and variant
        columns; prints {case: {"format": ..., "columns": {name: [expected values]}, "refused": column or null}}.
        Expected values are the generator's inputs: booleans, UUID strings, JSON texts, and for variants the JSON
        text of each value (keys sorted, no spaces: as Spark's to_json prints them), null for SQL NULL.
    canonical_extensions.py check <file> <column> <expected.json> <rewritten>
        pyarrow reads a variant column arrowfile wrote, checks it is the canonical extension (name, empty
        metadata, a non-nullable binary metadata child and a binary value child), decodes every value with the
        Variant decoder below and compares it with the expected JSON texts; then writes the table again with
        pyarrow's own writer (ZSTD) to <rewritten>, for arrowfile to read back. Prints {"ok": true} or the error.

pyarrow 25 has Python types for bool8, uuid and json but none for the variant: a pyarrow user writes a variant
as its storage struct with the extension's field metadata, which is what this script does, with its own Variant
encoder (Parquet's VariantEncoding.md), so the bytes come from another implementation than Spark's.
"""
import decimal
import json
import struct
import sys
import uuid

import pyarrow as pa
import pyarrow.ipc as ipc

VARIANT = {b"ARROW:extension:name": b"arrow.parquet.variant", b"ARROW:extension:metadata": b""}

# ---- a small Variant encoder and decoder (Parquet VariantEncoding.md) -----------------------------------------


def encode(value):
    """(metadata, value) bytes of a JSON-like Python value: one dictionary of the object keys, sorted."""
    keys = sorted(collect_keys(value, set()))
    ids = {k: i for i, k in enumerate(keys)}
    strings = [k.encode() for k in keys]
    offsets = [0]
    for s in strings:
        offsets.append(offsets[-1] + len(s))
    # header: version 1, sorted_strings, 4-byte offsets
    metadata = bytes([0x01 | 0x10 | (3 << 6)]) + struct.pack("<I", len(keys))
    metadata += b"".join(struct.pack("<I", o) for o in offsets) + b"".join(strings)
    return metadata, encode_value(value, ids)


def collect_keys(v, out):
    if isinstance(v, dict):
        for k, x in v.items():
            out.add(k)
            collect_keys(x, out)
    elif isinstance(v, list):
        for x in v:
            collect_keys(x, out)
    return out


def primitive(type_id, payload=b""):
    return bytes([type_id << 2]) + payload


def encode_value(v, ids):
    if v is None:
        return primitive(0)
    if v is True:
        return primitive(1)
    if v is False:
        return primitive(2)
    if isinstance(v, int):
        for type_id, fmt, lo in [(3, "<b", -2**7), (4, "<h", -2**15), (5, "<i", -2**31), (6, "<q", -2**63)]:
            if lo <= v < -lo:
                return primitive(type_id, struct.pack(fmt, v))
        raise ValueError(v)
    if isinstance(v, str):
        b = v.encode()
        if len(b) < 64:
            return bytes([(len(b) << 2) | 1]) + b  # short string
        return primitive(16, struct.pack("<I", len(b)) + b)
    if isinstance(v, list):
        parts = [encode_value(x, ids) for x in v]
        # value_header: offsets 4 bytes (3), is_large (1 << 2)
        return bytes([((3 | (1 << 2)) << 2) | 3]) + container(parts, None)
    if isinstance(v, dict):
        names = sorted(v)  # field ids in the order of their names
        parts = [encode_value(v[k], ids) for k in names]
        # value_header: field offsets 4 bytes (3), field ids 4 bytes (3 << 2), is_large (1 << 4)
        return bytes([((3 | (3 << 2) | (1 << 4)) << 2) | 2]) + container(parts, [ids[k] for k in names])
    raise TypeError(type(v))


def container(parts, field_ids):
    """num_elements (4 bytes), field ids (objects), offsets (4 bytes each), values."""
    out = struct.pack("<I", len(parts))
    if field_ids is not None:
        out += b"".join(struct.pack("<I", i) for i in field_ids)
    offset = 0
    offsets = [0]
    for p in parts:
        offset += len(p)
        offsets.append(offset)
    return out + b"".join(struct.pack("<I", o) for o in offsets) + b"".join(parts)


def little(b):
    return int.from_bytes(b, "little")


def decode(metadata, value):
    """The Python value of Variant bytes."""
    header = metadata[0]
    assert header & 0x0F == 1, "variant metadata version %d" % (header & 0x0F)
    size = ((header >> 6) & 3) + 1
    n = little(metadata[1:1 + size])
    offs = [little(metadata[1 + size * (i + 1):1 + size * (i + 2)]) for i in range(n + 1)]
    base = 1 + size * (n + 2)
    keys = [metadata[base + offs[i]:base + offs[i + 1]].decode() for i in range(n)]
    return decode_value(value, 0, keys)


def decode_value(b, at, keys):
    h = b[at]
    basic, vh = h & 3, h >> 2
    if basic == 1:
        return b[at + 1:at + 1 + vh].decode()
    if basic == 0:
        p = at + 1
        if vh == 0:
            return None
        if vh in (1, 2):
            return vh == 1
        ints = {3: 1, 4: 2, 5: 4, 6: 8}
        if vh in ints:
            return int.from_bytes(b[p:p + ints[vh]], "little", signed=True)
        if vh in (8, 9, 10):
            width = {8: 4, 9: 8, 10: 16}[vh]
            unscaled = int.from_bytes(b[p + 1:p + 1 + width], "little", signed=True)
            return decimal.Decimal(unscaled).scaleb(-b[p])
        if vh == 7:
            return struct.unpack("<d", b[p:p + 8])[0]
        if vh == 16:
            n = little(b[p:p + 4])
            return b[p + 4:p + 4 + n].decode()
        raise ValueError("variant primitive type %d not decoded here" % vh)
    if basic == 2:
        offset_size, id_size, large = (vh & 3) + 1, ((vh >> 2) & 3) + 1, (vh >> 4) & 1
    else:
        offset_size, id_size, large = (vh & 3) + 1, 0, (vh >> 2) & 1
    p = at + 1
    count_size = 4 if large else 1
    n = little(b[p:p + count_size])
    p += count_size
    ids = [little(b[p + i * id_size:p + (i + 1) * id_size]) for i in range(n)]
    p += n * id_size
    offs = [little(b[p + i * offset_size:p + (i + 1) * offset_size]) for i in range(n + 1)]
    first = p + (n + 1) * offset_size
    items = [decode_value(b, first + offs[i], keys) for i in range(n)]
    return dict(zip([keys[i] for i in ids], items)) if basic == 2 else items


def to_json(v):
    """Spark's to_json form: keys sorted, no spaces, decimals as written."""
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + to_json(v[k]) for k in sorted(v)) + "}"
    if isinstance(v, list):
        return "[" + ",".join(to_json(x) for x in v) + "]"
    return json.dumps(v)


# ---- pyarrow writes --------------------------------------------------------------------------------------------

VALUES = [{"a": 1, "b": [True, None, "x"], "nested": {"z": -300}}, -7, 2**40, "short", "a string longer than "
          "sixty-three bytes, stored as a primitive string rather than a short one", [], {}, None]


def variant_struct(values, metadata_type=pa.binary(), value_type=pa.binary(), value_first=False, tag=None):
    """A variant column of `values` (None is the variant null) and one SQL NULL after them, as a storage struct."""
    encoded = [encode(v) for v in values] + [(b"\x01\x00\x00\x00\x00\x00", b"\x00")]
    valid = [True] * len(values) + [False]
    meta = pa.array([m for m, _ in encoded], metadata_type)
    val = pa.array([v for _, v in encoded], value_type)
    meta_field = pa.field("metadata", metadata_type, nullable=False,
                          metadata={"variant": "true"} if tag == "child" else None)
    val_field = pa.field("value", value_type, nullable=False)
    fields, arrays = ([val_field, meta_field], [val, meta]) if value_first else ([meta_field, val_field], [meta, val])
    arr = pa.StructArray.from_arrays(arrays, fields=fields, mask=pa.array([not x for x in valid]))
    expected = [to_json(v) for v in values] + [None]
    return arr, expected


def write(out):
    cases = {}

    def case(name, columns, expected, fmt="file", compression=None, refused=None, field_metadata=None):
        schema = pa.schema([pa.field(n, a.type, metadata=(field_metadata or {}).get(n)) for n, a in columns])
        table = pa.Table.from_arrays([a for _, a in columns], schema=schema)
        path = "%s/%s.%s" % (out, name, "arrow" if fmt == "file" else "arrows")
        opts = ipc.IpcWriteOptions(compression=compression)
        with (ipc.new_file if fmt == "file" else ipc.new_stream)(path, schema, options=opts) as w:
            w.write_table(table, max_chunksize=3)  # several batches: offsets into each
        cases[name] = {"format": fmt, "columns": expected, "refused": refused}

    flags = [True, False, None, True, True, False, None]
    ids = [uuid.UUID(int=(i * 0x9E3779B97F4A7C15_F39CC0605CEDC834) % 2**128) if i % 4 != 2 else None
           for i in range(7)]
    docs = ['{"k": %d}' % i if i % 3 else None for i in range(7)]
    # pyarrow casts Python booleans to bool8 (1 for true)
    bool8 = pa.array(flags, pa.bool_()).cast(pa.bool8())
    uuids = pa.ExtensionArray.from_storage(pa.uuid(), pa.array([u.bytes if u else None for u in ids], pa.binary(16)))
    jsons = pa.ExtensionArray.from_storage(pa.json_(), pa.array(docs, pa.utf8()))
    simple = {"flag": flags, "id": [str(u) if u else None for u in ids], "doc": docs}
    for fmt in ["file", "stream"]:
        for codec in [None, "zstd"]:
            case("types_%s_%s" % (fmt, codec or "none"), [("flag", bool8), ("id", uuids), ("doc", jsons)], simple,
                 fmt, codec)
    # bool8 any non-zero byte is true: storage bytes as another producer may leave them
    raw = pa.ExtensionArray.from_storage(pa.bool8(), pa.array([0, 1, -1, 2, 127, None], pa.int8()))
    case("bool8_nonzero", [("flag", raw)], {"flag": [False, True, True, True, True, None]})

    ext = {"v": VARIANT}
    arr, expected = variant_struct(VALUES)
    case("variant", [("v", arr)], {"v": expected}, field_metadata=ext)
    case("variant_stream_zstd", [("v", arr)], {"v": expected}, "stream", "zstd", field_metadata=ext)
    arr, expected = variant_struct(VALUES, pa.large_binary(), pa.binary_view(), value_first=True)
    case("variant_value_first_large_view", [("v", arr)], {"v": expected}, field_metadata=ext)
    arr, expected = variant_struct(VALUES)
    dict_meta = pa.StructArray.from_arrays(
        [arr.field("metadata").dictionary_encode().cast(pa.dictionary(pa.int8(), pa.binary())), arr.field("value")],
        fields=[pa.field("metadata", pa.dictionary(pa.int8(), pa.binary()), nullable=False),
                pa.field("value", pa.binary(), nullable=False)], mask=arr.is_null())
    case("variant_dictionary_metadata", [("v", dict_meta)], {"v": expected}, field_metadata=ext)
    # Spark's own Arrow form (ArrowUtils.toArrowField, what PySpark's toArrow hands over): value, then a metadata
    # child tagged variant=true; no extension type
    arr, expected = variant_struct(VALUES, value_first=True, tag="child")
    case("variant_spark_form", [("v", arr)], {"v": expected})
    # shredded (typed_value): not read yet, refused naming the column
    shredded = pa.StructArray.from_arrays(
        [pa.array([encode(None)[0]] * 2, pa.binary()), pa.array([None, None], pa.binary()),
         pa.array([5, 6], pa.int64())],
        fields=[pa.field("metadata", pa.binary(), nullable=False), pa.field("value", pa.binary()),
                pa.field("typed_value", pa.int64())])
    case("variant_shredded", [("v", shredded)], {}, refused="v", field_metadata=ext)
    print(json.dumps(cases))


# ---- pyarrow reads ---------------------------------------------------------------------------------------------

def check(path, column, expected_path, rewritten):
    with open(expected_path) as f:
        expected = json.load(f)
    with pa.memory_map(path) as source:
        table = ipc.open_file(source).read_all()
    field = table.schema.field(column)
    md = field.metadata or {}
    errors = []
    if md.get(b"ARROW:extension:name") != b"arrow.parquet.variant" or md.get(b"ARROW:extension:metadata") != b"":
        errors.append("field metadata %r is not the canonical variant extension's" % md)
    t = field.type
    names = [t.field(i).name for i in range(t.num_fields)] if pa.types.is_struct(t) else []
    if sorted(names) != ["metadata", "value"]:
        errors.append("storage %s is not a struct of metadata and value" % t)
    else:
        if t.field("metadata").nullable:
            errors.append("the metadata child is nullable; the extension requires it not to be")
        for n in names:
            if not pa.types.is_binary(t.field(n).type):
                errors.append("child %s is %s, not binary" % (n, t.field(n).type))
    got = []
    for row in table.column(column).to_pylist():
        got.append(None if row is None else to_json(decode(row["metadata"], row["value"])))
    if sorted(got, key=str) != sorted(expected, key=str):
        errors.append("values %s, expected %s" % (got, expected))
    opts = ipc.IpcWriteOptions(compression="zstd")
    with ipc.new_file(rewritten, table.schema, options=opts) as w:
        w.write_table(table)
    print(json.dumps({"ok": not errors, "errors": errors}))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2])
    else:
        check(*sys.argv[2:6])
