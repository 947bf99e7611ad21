package online.durak.engine;

/** How well a bot in a free seat plays (rules.md §1, §8). */
public enum BotLevel { EASY, NORMAL, STRONG }
