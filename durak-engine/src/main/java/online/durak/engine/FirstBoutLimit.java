package online.durak.engine;

/** When a bout's cap is 5 instead of 6 (rules.md §4.4). */
public enum FirstBoutLimit { FIRST_BOUT, UNTIL_FIRST_DISCARD, NONE }
