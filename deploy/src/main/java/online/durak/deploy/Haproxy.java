package online.durak.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * HAProxy (Debian's {@code haproxy}) in front of several table-service instances, the edges (docs/spine.md "The edges";
 * on a cluster an Ingress does this). Its configuration is written into the data folder ({@code haproxy/haproxy.cfg},
 * with {@code haproxy/durak.lua}): a request for {@code /api/tables/{id}/...}, and a table's socket, goes to the edge
 * that folds the table (the Lua asks each edge every second for its share, {@code GET /api/edge}), anything else, or a
 * table whose owner is not known just now, to any edge that is ready (round robin; health {@code /q/health/ready} on
 * each edge's management port every second). HAProxy's own {@code /q/health/ready} is on table-service's management
 * port, ready while an edge is. When the owner is down its table's requests go to another edge, which serves them all the same.
 * It runs in the foreground ({@code -db}) as a child of the launcher, supervised like a service.
 */
public final class Haproxy {
    public static final String NAME = "haproxy";

    /** One edge behind it: its server name, HTTP port and management port (health), on 127.0.0.1. */
    public record Edge(String name, int port, int managementPort) {
    }

    private Haproxy() {
    }

    /** Writes {@code <dir>/haproxy.cfg} and {@code <dir>/durak.lua}; returns the configuration's path. */
    public static Path writeConfig(Path dir, int port, int managementPort, List<Edge> edges) {
        try {
            Files.createDirectories(dir);
            Path lua = dir.resolve("durak.lua");
            try (InputStream in = Haproxy.class.getResourceAsStream("/haproxy/durak.lua")) {
                if (in == null) {
                    throw new IllegalStateException("haproxy/durak.lua is not on the class path");
                }
                Files.write(lua, in.readAllBytes());
            }
            Path cfg = dir.resolve("haproxy.cfg");
            Files.writeString(cfg, config(lua, port, managementPort, edges), StandardCharsets.UTF_8);
            return cfg;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the HAProxy configuration into " + dir, e);
        }
    }

    /**
     * An edge's health check: every second, down after 3 failures in a row, checked every 250 ms once one failed (a
     * killed edge is down within about 1.5 s), up again after 2 passes. One failed check must not move an edge's
     * tables to another: on a busy machine a check can time out while the edge serves (docs/scale.md "The edges").
     */
    static final String CHECK = "inter 1s fastinter 250ms fall 3 rise 2";

    static String config(Path lua, int port, int managementPort, List<Edge> edges) {
        StringBuilder b = new StringBuilder();
        b.append("# Written by the launcher (online.durak.deploy.Haproxy) at each start; edits are lost.\n");
        b.append("global\n");
        b.append("    lua-load ").append(lua.toAbsolutePath()).append('\n');
        b.append("defaults\n");
        b.append("    mode http\n");
        b.append("    timeout connect 2s\n");
        b.append("    timeout client 60s\n");
        b.append("    timeout server 60s\n");
        // an open WebSocket or event stream; the server pings every socket well within it (docs/websocket.md)
        b.append("    timeout tunnel 1h\n");
        b.append("    timeout http-keep-alive 10s\n");
        // a busy edge may take a while to answer its readiness check: slow is not down
        b.append("    timeout check 3s\n");
        // a connection an edge refused (it died) is tried on another one
        b.append("    option redispatch\n");
        b.append("    retries 2\n");
        b.append("frontend api\n");
        b.append("    bind :").append(port).append('\n');
        // an h2c upgrade (Java's HTTP client asks for one) would make the connection a tunnel to one edge, past the routing
        b.append("    http-request del-header Upgrade if !{ req.hdr(Upgrade) -i websocket }\n");
        b.append("    http-request set-var(txn.edge) lua.durak_edge\n");
        b.append("    use_backend edge_%[var(txn.edge)] if { var(txn.edge) -m len gt 0 }\n");
        b.append("    default_backend edges\n");
        b.append("    http-response set-header Durak-Edge %s\n");
        // its own readiness, where a service answers it: ready while one edge is
        b.append("frontend health\n");
        b.append("    bind 127.0.0.1:").append(managementPort).append('\n');
        b.append("    monitor-uri /q/health/ready\n");
        b.append("    monitor fail if { nbsrv(edges) lt 1 }\n");
        b.append("backend edges\n");
        b.append("    balance roundrobin\n");
        b.append("    option httpchk GET /q/health/ready\n");
        b.append("    http-check expect status 200\n");
        for (Edge e : edges) {
            b.append("    server ").append(e.name()).append(" 127.0.0.1:").append(e.port())
                    .append(" check port ")
                    .append(e.managementPort()).append(" ").append(CHECK).append('\n');
        }
        for (Edge owner : edges) {
            // the owner, and the others as backups while it is down
            b.append("backend edge_").append(owner.name()).append('\n');
            b.append("    server ").append(owner.name()).append(" 127.0.0.1:").append(owner.port())
                    .append(" track edges/").append(owner.name()).append('\n');
            for (Edge other : edges) {
                if (!other.equals(owner)) {
                    b.append("    server ").append(other.name()).append(" 127.0.0.1:").append(other.port())
                            .append(" track edges/").append(other.name()).append(" backup\n");
                }
            }
        }
        return b.toString();
    }

    /** The command that runs it in the foreground with this configuration (the last argument names it). */
    public static List<String> command(Path cfg) {
        return List.of(executable(), "-db", "-f", cfg.toAbsolutePath().toString());
    }

    /** Debian installs it in /usr/sbin, which is not on every user's PATH. */
    private static String executable() {
        for (String p : List.of("/usr/sbin/haproxy", "/usr/bin/haproxy")) {
            if (Files.isExecutable(Path.of(p))) {
                return p;
            }
        }
        return "haproxy";
    }
}
