package online.durak.table.api;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * How long a browser keeps the web client's files (docs/webclient.md "Served"). Vite names every built asset after
 * its content ({@code /assets/index-BT7RP8nH.js}), so a changed file is a new name: those are kept for a year without
 * asking again. {@code index.html} names the current ones, so it is asked for again every time. The static files are
 * Quarkus's (Quinoa hands it the built client), whose own {@code Cache-Control} is one day for everything; the header
 * is set as the response's headers are written, so it wins.
 */
@ApplicationScoped
public class ClientCaching {
    static final String IMMUTABLE = "public, max-age=31536000, immutable";
    static final String REVALIDATE = "no-cache";

    void install(@Observes Router router) {
        router.route("/assets/*").order(Integer.MIN_VALUE + 2).handler(ctx -> cache(ctx, IMMUTABLE));
        for (String page : new String[] {"/", "/index.html"}) { // exact paths: no regular expression per request
            router.route(page).order(Integer.MIN_VALUE + 2).handler(ctx -> cache(ctx, REVALIDATE));
        }
    }

    private static void cache(RoutingContext ctx, String policy) {
        HttpMethod m = ctx.request().method();
        if (m == HttpMethod.GET || m == HttpMethod.HEAD) {
            ctx.addHeadersEndHandler(v -> {
                if (ctx.response().getStatusCode() < 400) {
                    // one copy per encoding in a shared cache: the file goes gzip'd only to those who ask for it
                    ctx.response().headers().set(HttpHeaders.CACHE_CONTROL, policy).set(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
                }
            });
        }
        ctx.next();
    }
}
