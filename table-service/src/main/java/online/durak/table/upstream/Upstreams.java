package online.durak.table.upstream;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.HttpProxy;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import online.durak.service.api.ErrorCodes;
import org.jboss.logging.Logger;

/**
 * Forwards some paths to other services, so that the browser has one origin (docs/webclient.md): each upstream of
 * {@link UpstreamConfig} gets a route per path, answered by the Vert.x project's reverse proxy (vertx-http-proxy), the
 * request and the answer passed through as they are (status, headers, body; the caller's token too). When the service
 * cannot be reached or does not answer in time, the caller gets {@code 503 UPSTREAM_UNAVAILABLE} (the shared
 * {@code {code, message}}) instead of the proxy's bare 502.
 */
@ApplicationScoped
public class Upstreams {
    private static final Logger LOG = Logger.getLogger(Upstreams.class);

    private final UpstreamConfig config;
    private final Vertx vertx;

    public Upstreams(UpstreamConfig config, Vertx vertx) {
        this.config = config;
        this.vertx = vertx;
    }

    void install(@Observes Router router) {
        Map<String, HttpProxy> proxies = new TreeMap<>();
        new TreeMap<>(config.upstreams()).forEach((name, u) -> {
            URI url = url(name, u.url());
            int port = url.getPort() > 0 ? url.getPort() : 80;
            int millis = (int) Math.max(1, u.timeout().toMillis());
            var client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout(millis)
                    .setIdleTimeout(millis).setIdleTimeoutUnit(java.util.concurrent.TimeUnit.MILLISECONDS));
            proxies.put(name, HttpProxy.reverseProxy(client).origin(port, url.getHost()).addInterceptor(unavailable(name)));
            LOG.infof("forwarding %s to %s (%s)", u.paths(), url, name);
        });
        // routes of one order are tried in the order they were added: the most specific first
        for (ForwardedPath r : ForwardedPath.inOrder(pathsByUpstream(config))) {
            HttpProxy proxy = proxies.get(r.upstream());
            // after HttpLimits and the WebSocket refusals, before the REST layer (whose 404 would answer)
            boolean whole = r.route().equals(r.path());
            router.route(r.route()).order(Integer.MIN_VALUE + 2).handler(rc -> {
                if (whole || r.matches(rc.normalizedPath())) {
                    proxy.handle(rc.request());
                } else {
                    rc.next();
                }
            });
        }
    }

    static Map<String, List<String>> pathsByUpstream(UpstreamConfig config) {
        Map<String, List<String>> paths = new TreeMap<>();
        config.upstreams().forEach((name, u) -> paths.put(name, u.paths()));
        return paths;
    }

    /** The proxy's failure to reach the service, as the shared error body with a stable code. */
    private static ProxyInterceptor unavailable(String name) {
        return new ProxyInterceptor() {
            @Override
            public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
                return context.sendRequest().recover(failure -> {
                    LOG.debugf("the %s service did not answer: %s", name, failure.getMessage());
                    String body = "{\"code\":\"" + ErrorCodes.UPSTREAM_UNAVAILABLE + "\",\"message\":\"the " + name
                            + " service is not available now; try again later\"}";
                    return Future.succeededFuture(context.request().release().response().setStatusCode(503)
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .putHeader(HttpHeaders.RETRY_AFTER, "5")
                            .setBody(Body.body(Buffer.buffer(body))));
                });
            }
        };
    }

    private static URI url(String name, String url) {
        try {
            URI u = URI.create(url.strip());
            if (u.getHost() == null || !"http".equals(u.getScheme())) {
                throw new IllegalArgumentException("not an http address");
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("durak.upstreams." + name + ".url must be an http address, not \""
                    + url + "\": " + e.getMessage(), e);
        }
    }

    /** For tests: the configured upstreams. */
    Map<String, UpstreamConfig.Upstream> all() {
        return config.upstreams();
    }
}
