package online.durak.engine;

/** Who may throw in which ranks (RULES.md §4.3). */
public enum ThrowIn { ALL, NEIGHBOURS, NEIGHBOURS_ONLY }
