package online.durak.engine;

import java.util.List;

/**
 * The answer of {@code decide}: the events that happened and the state they lead to (the same state a
 * fold of {@code evolve} over them gives), or a rejection that changes nothing.
 */
public sealed interface Decision<S> {

    record Accepted<S>(List<Event> events, S state) implements Decision<S> {
    }

    record Rejected<S>(Rejection rejection) implements Decision<S> {
    }

    static <S> Decision<S> reject(String code, String message) {
        return new Rejected<>(new Rejection(code, message));
    }

    default boolean isAccepted() {
        return this instanceof Accepted;
    }
}
