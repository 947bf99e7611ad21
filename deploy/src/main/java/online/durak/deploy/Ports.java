package online.durak.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;

/** Free loopback ports, picked by binding port 0 and releasing it. */
final class Ports {

    private Ports() {
    }

    /** A port that is free on 127.0.0.1 right now and is none of {@code avoid}. */
    static int freePort(int... avoid) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                int p = s.getLocalPort();
                if (Arrays.stream(avoid).noneMatch(a -> a == p)) {
                    return p;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("no free port", e);
            }
        }
        throw new IllegalStateException("no free port");
    }
}
