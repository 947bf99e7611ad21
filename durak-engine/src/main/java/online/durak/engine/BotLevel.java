package online.durak.engine;

/** How well a bot in a free seat plays (RULES.md §1, §8). */
public enum BotLevel { EASY, NORMAL, STRONG }
