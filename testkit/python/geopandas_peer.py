"""GeoArrow WKB between GeoPandas and arrowfile (GeoPandasTest).

    geopandas_peer.py write <outdir>
        GeoPandas writes GeoDataFrames as its users do: to_arrow(geometry_encoding="WKB") saved by pyarrow
        (geoarrow.wkb with the CRS as PROJJSON) and to_feather (WKB with GeoParquet's "geo" schema metadata), in
        EPSG:4326, EPSG:3857 and without a CRS. Prints {case: {"srid": n, "wkb": [hex or null, ...]}}: the SRID
        Spark should give and each geometry's ISO WKB (little endian), from the generator's shapes.
    geopandas_peer.py check <file> <column> <expected.json>
        Loads a file arrowfile wrote in GeoPandas (pyarrow's reader, GeoDataFrame.from_arrow) and compares each
        geometry (shapely equality with the expected WKB) and the CRS (pyproj equality; "none" for no CRS).
        Prints {"ok": true} or the errors.
"""
import json
import sys

import geopandas as gpd
import pyarrow as pa
import pyarrow.feather as feather
import pyarrow.ipc as ipc
import shapely
from pyproj import CRS

SHAPES = [
    shapely.Point(1, 2),
    shapely.LineString([(0, 0), (3.5, -4), (10, 10)]),
    shapely.Polygon([(0, 0), (4, 0), (4, 3), (0, 0)], holes=[[(1, 0.5), (2, 0.5), (2, 1), (1, 0.5)]]),
    shapely.MultiPoint([(-122.4, 37.8), (2.35, 48.85)]),
    None,
    shapely.GeometryCollection([shapely.Point(5, 5), shapely.LineString([(0, 1), (1, 0)])]),
]


def wkb_hex(g):
    return None if g is None else shapely.to_wkb(g, hex=True, byte_order=1, flavor="iso").lower()


def write(out):
    cases = {}
    for name, crs, srid in [("epsg4326", "EPSG:4326", 4326), ("epsg3857", "EPSG:3857", 3857), ("nocrs", None, 0)]:
        gdf = gpd.GeoDataFrame({"id": list(range(len(SHAPES)))}, geometry=SHAPES, crs=crs)
        table = pa.table(gdf.to_arrow(geometry_encoding="WKB"))
        with ipc.new_file("%s/to_arrow_%s.arrow" % (out, name), table.schema) as w:
            w.write_table(table)
        gdf.to_feather("%s/to_feather_%s.arrow" % (out, name))
        for how in ["to_arrow", "to_feather"]:
            cases["%s_%s" % (how, name)] = {"srid": srid, "wkb": [wkb_hex(g) for g in SHAPES]}
    print(json.dumps(cases))


def check(path, column, expected_path):
    with open(expected_path) as f:
        expected = json.load(f)
    # as docs/types.md tells GeoPandas users to open our files
    gdf = gpd.GeoDataFrame.from_arrow(pa.ipc.open_file(path).read_all(), geometry=column)
    errors = []
    want_crs = expected["crs"]
    if want_crs == "none":
        if gdf.crs is not None:
            errors.append("CRS %s, expected none" % gdf.crs)
    elif gdf.crs is None or not gdf.crs.equals(CRS.from_user_input(want_crs)):
        errors.append("CRS %s, expected %s" % (gdf.crs, want_crs))
    got = list(gdf.geometry)
    want = [None if h is None else shapely.from_wkb(h) for h in expected["wkb"]]
    if len(got) != len(want):
        errors.append("%d geometries, expected %d" % (len(got), len(want)))
    for i, (g, w) in enumerate(zip(got, want)):
        if (g is None) != (w is None) or (g is not None and not g.equals_exact(w, 0)):
            errors.append("row %d: %s, expected %s" % (i, g, w))
    print(json.dumps({"ok": not errors, "errors": errors}))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2])
    else:
        check(*sys.argv[2:5])
