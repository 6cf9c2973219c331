package io.arrowfile.ipc.metadata;

/** The {@code MetadataVersion} of a message or footer. V4 is Arrow 0.8 to 0.17, V5 is Arrow 1.0 and later. */
public enum MetadataVersion {
  V1, V2, V3, V4, V5;

  /** What our writers produce. */
  public static final MetadataVersion CURRENT = V5;
}
