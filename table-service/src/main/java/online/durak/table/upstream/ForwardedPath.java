package online.durak.table.upstream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A path the edge forwards to an upstream, as {@code durak.upstreams.NAME.paths} names it: a Vert.x route path, a
 * trailing {@code *} a prefix, {@code :name} one segment. The routes are tried most specific first, whichever
 * upstream has them ({@link #inOrder}): {@code /api/daily/list} (leaderboard) before {@code /api/daily*}
 * (matchmaking). {@link Upstreams} installs them in that order; {@link UpstreamDocuments} asks the same order which
 * upstream a documented path reaches.
 */
record ForwardedPath(String path, String upstream) {

    /** Every upstream's paths, most specific (longest without its {@code *}) first; ties by upstream name, then as listed. */
    static List<ForwardedPath> inOrder(Map<String, List<String>> pathsByUpstream) {
        List<ForwardedPath> routes = new ArrayList<>();
        new TreeMap<>(pathsByUpstream).forEach((name, paths) -> paths.forEach(p -> routes.add(new ForwardedPath(
                p.strip(), name))));
        routes.sort(Comparator.comparingInt((ForwardedPath r) -> r.path.replace("*", "").length()).reversed());
        return routes;
    }

    /** The upstream a request for this OpenAPI path ({@code /api/players/{id}}) reaches, or null: the edge's own. */
    static String upstreamOf(List<ForwardedPath> inOrder, String documentedPath) {
        // a template's parameter stands for one segment, as a request fills it
        String request = documentedPath.replaceAll("\\{[^/}]+}", "x");
        return inOrder.stream().filter(r -> r.matches(request)).map(ForwardedPath::upstream).findFirst().orElse(null);
    }

    /**
     * The Vert.x route to install: the path itself, or, when it has a parameter, the prefix before the first one (a
     * parameter makes Vert.x match a regular expression against every request that gets that far; {@link #matches}
     * checks the rest without one).
     */
    String route() {
        int param = path.indexOf("/:");
        return param < 0 ? path : path.substring(0, param + 1) + "*";
    }

    /**
     * Whether Vert.x routes this request path here: the path's text as it is, a {@code :name} one segment. Walks both
     * strings segment by segment (no regular expression, no split: it runs on requests).
     */
    boolean matches(String requestPath) {
        boolean prefix = path.endsWith("*");
        int length = prefix ? path.length() - 1 : path.length();
        int at = 0;
        for (int from = 0; from < length; ) {
            int next = path.indexOf('/', from + 1);
            next = next < 0 || next > length ? length : next;
            if (path.startsWith("/:", from)) {
                int end = requestPath.indexOf('/', at + 1);
                end = end < 0 ? requestPath.length() : end;
                if (!requestPath.startsWith("/", at) || end == at + 1) {
                    return false;
                }
                at = end;
            } else if (requestPath.regionMatches(at, path, from, next - from)) {
                at += next - from;
            } else {
                return false;
            }
            from = next;
        }
        return prefix || at == requestPath.length();
    }
}
