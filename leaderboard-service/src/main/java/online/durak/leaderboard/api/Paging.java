package online.durak.leaderboard.api;

import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;

/**
 * The {@code page} (0 first) and {@code size} query parameters of the boards and the daily list, as one rule: absent
 * is page 0 of 20, a size from 1 to {@value #MAX_SIZE}, and anything else 400 {@code INVALID_PARAMETER} naming the
 * parameter.
 */
public record Paging(int page, int size) {
    public static final int MAX_SIZE = 100;
    public static final int DEFAULT_SIZE = 20;
    /** The parameters' descriptions in the OpenAPI document. */
    public static final String PAGE = "the page, 0 first", SIZE = "rows on a page, 1 to " + MAX_SIZE;

    /** The paging asked for; the page's bound keeps {@code page * size} an {@code int}. */
    public static Paging of(String page, String size) {
        return new Paging(number("page", page, 0, 0, Integer.MAX_VALUE / MAX_SIZE),
                number("size", size, DEFAULT_SIZE, 1, MAX_SIZE));
    }

    /** A whole-number query parameter within [min, max], or {@code fallback} when absent; else 400. */
    private static int number(String name, String value, int fallback, int min, int max) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER,
                    name + ": must be a whole number, not \"" + value + "\"");
        }
        if (n < min || n > max) {
            throw ApiException.badRequest(ErrorCodes.INVALID_PARAMETER,
                    name + ": must be from " + min + " to " + max + ", not " + n);
        }
        return n;
    }
}
