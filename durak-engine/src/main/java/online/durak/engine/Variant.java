package online.durak.engine;

/** {@code PODKIDNOI}: throw-in; {@code PEREVODNOI}: throw-in plus transfer (rules.md §1). */
public enum Variant { PODKIDNOI, PEREVODNOI }
