package online.durak.engine;

/** {@code PODKIDNOI}: throw-in; {@code PEREVODNOI}: throw-in plus transfer (RULES.md §1). */
public enum Variant { PODKIDNOI, PEREVODNOI }
