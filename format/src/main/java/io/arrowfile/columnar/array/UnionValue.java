package io.arrowfile.columnar.array;

/** A value of a union together with the type id that selects its child; builders take unions as these. */
public record UnionValue(byte typeId, Object value) {}
