"""Runs one Python block of docs/python.md's "With pandas, pyarrow and Polars" section, as a user would paste it.

    docs_snippets.py <docs/python.md> <workdir> <block index>

The block runs with <workdir> as the current directory. Printed (JSON): for each top-level name the block
bound to a table (pyarrow Table, pandas or Polars DataFrame), its row count and column names, so the Java
side (DocsPythonSnippetsTest) can check what the snippet produced without the page carrying asserts.
"""
import json
import os
import re
import sys

SECTION = "## With pandas, pyarrow and Polars"


def python_blocks(page):
    text = open(page, encoding="utf-8").read()
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start:end if end >= 0 else len(text)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def describe(value):
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    if isinstance(value, pa.Table):
        return {"kind": "pyarrow.Table", "rows": value.num_rows, "columns": value.column_names}
    if isinstance(value, pl.DataFrame):
        return {"kind": "polars.DataFrame", "rows": value.height, "columns": value.columns}
    if isinstance(value, pd.DataFrame):
        return {"kind": "pandas.DataFrame", "rows": len(value), "columns": [str(c) for c in value.columns],
                "dtypes": [str(t) for t in value.dtypes]}
    return None


def main():
    page, workdir, index = sys.argv[1], sys.argv[2], int(sys.argv[3])
    block = python_blocks(page)[index]
    os.chdir(workdir)
    scope = {"__name__": "__docs__"}
    exec(compile(block, f"{os.path.basename(page)} python block {index}", "exec"), scope)
    out = {}
    for name, value in scope.items():
        d = None if name.startswith("__") else describe(value)
        if d is not None:
            out[name] = d
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
