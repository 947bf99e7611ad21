package online.durak.table.upstream;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithParentName;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The services the edge forwards paths to, by name: {@code durak.upstreams.NAME.url} (where it listens) and
 * {@code durak.upstreams.NAME.paths} (Vert.x route paths, a trailing {@code *} a prefix). A new upstream is one more
 * such pair in application.properties.
 */
@ConfigMapping(prefix = "durak.upstreams")
public interface UpstreamConfig {

    @WithParentName
    Map<String, Upstream> upstreams();

    interface Upstream {
        /** The service's base address, {@code http://host:port}. */
        String url();

        /** The paths forwarded there, e.g. {@code /api/leaderboard*}. */
        List<String> paths();

        /** How long the connection may wait for the service (to connect; idle while answering). */
        @WithDefault("5s")
        Duration timeout();
    }
}
