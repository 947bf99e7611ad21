package online.durak.service.api;

/** The body of every error answer of every service: a stable code and a message for people. */
public record ApiError(String code, String message) {
}
