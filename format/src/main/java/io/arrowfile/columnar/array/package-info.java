/**
 * Read views of {@link io.arrowfile.columnar.ArrayData}, one small final class per layout, and the plain
 * Java object model shared by {@code getObject} on the views and {@code appendObject} on the builders:
 *
 * <table>
 *   <caption>Java objects for Arrow values</caption>
 *   <tr><th>Arrow type</th><th>Java object</th></tr>
 *   <tr><td>Null</td><td>null</td></tr>
 *   <tr><td>Bool</td><td>Boolean</td></tr>
 *   <tr><td>Int8, Int16, Int32, Int64</td><td>Byte, Short, Integer, Long</td></tr>
 *   <tr><td>UInt8, UInt16, UInt32</td><td>Short, Integer, Long (widened, never negative)</td></tr>
 *   <tr><td>UInt64</td><td>BigInteger</td></tr>
 *   <tr><td>Float16, Float32</td><td>Float</td></tr>
 *   <tr><td>Float64</td><td>Double</td></tr>
 *   <tr><td>Decimal32/64/128/256</td><td>BigDecimal with the type's scale</td></tr>
 *   <tr><td>Date32, Time32</td><td>Integer (days; seconds or milliseconds)</td></tr>
 *   <tr><td>Date64, Time64, Timestamp, Duration</td><td>Long (in the type's unit)</td></tr>
 *   <tr><td>Interval YEAR_MONTH</td><td>Integer (months)</td></tr>
 *   <tr><td>Interval DAY_TIME, MONTH_DAY_NANO</td><td>{@link IntervalDayTime}, {@link IntervalMonthDayNano}</td></tr>
 *   <tr><td>Binary, LargeBinary, BinaryView, FixedSizeBinary</td><td>byte[]</td></tr>
 *   <tr><td>Utf8, LargeUtf8, Utf8View</td><td>String</td></tr>
 *   <tr><td>List, LargeList, ListView, LargeListView, FixedSizeList</td><td>java.util.List of the children's objects</td></tr>
 *   <tr><td>Struct</td><td>java.util.List of the children's objects, in field order (names may repeat)</td></tr>
 *   <tr><td>Map</td><td>java.util.List of Map.Entry (keys may repeat; order kept)</td></tr>
 *   <tr><td>Sparse and dense Union</td><td>{@link UnionValue}: the type id and the selected child's object</td></tr>
 *   <tr><td>Dictionary-encoded</td><td>the dictionary value the index selects</td></tr>
 *   <tr><td>Run-end encoded</td><td>the value of the run covering the index</td></tr>
 *   <tr><td>Extension types</td><td>the storage type's object</td></tr>
 * </table>
 * Temporal values stay the integers the format stores, as in Arrow's integration JSON: no time zone or
 * calendar conversion happens here. A null slot is {@code null}.
 */
package io.arrowfile.columnar.array;
