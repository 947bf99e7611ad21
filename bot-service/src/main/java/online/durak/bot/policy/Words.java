package online.durak.bot.policy;

/** A text for people in the languages of the client: English and German. */
public record Words(String en, String de) {
}
