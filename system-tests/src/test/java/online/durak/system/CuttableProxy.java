package online.durak.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on a free port of 127.0.0.1 in front of one address, whose link can be cut: from {@link #cut()} on it
 * forwards nothing in either direction but keeps every socket open and reads (and drops) what comes, as a network
 * that lost its way does. {@link #upstreamClosed} completes when the server closes its side of a connection.
 */
final class CuttableProxy implements AutoCloseable {
    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean cut;
    /** Completed with System.nanoTime() when the server side of the first connection reached its end. */
    final CompletableFuture<Long> upstreamClosed = new CompletableFuture<>();

    CuttableProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::accept, "proxy-accept");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** From now on nothing is forwarded; the sockets stay open. */
    void cut() {
        cut = true;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(target.getAddress(), target.getPort());
                sockets.add(client);
                sockets.add(upstream);
                pump(client, upstream, false);
                pump(upstream, client, true);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to, boolean fromServer) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream()) {
                OutputStream out = to.getOutputStream();
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    if (!cut) {
                        out.write(buffer, 0, n);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // the socket was closed here
            }
            if (fromServer) {
                upstreamClosed.complete(System.nanoTime());
            }
            if (!cut) {
                closeQuietly(to);
            }
        }, fromServer ? "proxy-from-server" : "proxy-to-server");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        closeQuietly(server);
        sockets.forEach(CuttableProxy::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing anyway
        }
    }
}
