package online.durak.engine;

/** Who may throw in which ranks (rules.md §4.3). */
public enum ThrowIn { ALL, NEIGHBOURS, NEIGHBOURS_ONLY }
