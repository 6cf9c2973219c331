"""Writes the files of the LZ4 regression case: Feather files as pandas and pyarrow write them by default.

    write_lz4_feather.py <outdir>

Arrow C++ compresses each buffer as an LZ4 frame with linked 64 KiB blocks, so every buffer over 64 KiB has blocks
that copy from the ones before. Prints, as JSON, the expected aggregates computed from the generator's inputs.
"""
import json
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.feather as feather

out = sys.argv[1]
n = 1_000_000
rng = np.random.default_rng(19)
ids = np.arange(n, dtype=np.int64)
values = rng.integers(0, 1000, n)  # compressible, with repeats at every distance
names = np.array(["name-%d" % (v % 5000) for v in values], dtype=object)
table = pa.table({"id": ids, "v": values, "name": names})
feather.write_feather(table, f"{out}/pyarrow-default.feather")  # LZ4 by default
pd.DataFrame({"id": ids, "v": values, "name": names}).to_feather(f"{out}/pandas-default.feather")
print(json.dumps({
    "rows": n,
    "sum_id": int(ids.sum()),
    "sum_v": int(values.sum()),
    "sum_name_length": int(sum(len(s) for s in names)),
    "uncompressed_bytes": int(table.nbytes),
}))
