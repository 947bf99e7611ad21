package online.durak.table.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 request sent from a local address of the test's choosing (another loopback address, 127.0.0.2): a
 * client at another address, as the limits per address see it. REST Assured and the JDK's client cannot choose theirs.
 */
record Raw(int status, String body) {

    /** {@code POST /api/sessions} with this JSON body, from {@code localAddress}. */
    static Raw signIn(URI base, String localAddress, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(localAddress, 0));
            s.connect(new InetSocketAddress("127.0.0.1", base.getPort()), 10_000);
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(("POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort() + "\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            String response = all.toString(StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.substring(9, 12));
            int end = response.indexOf("\r\n\r\n");
            String content = end < 0 ? "" : response.substring(end + 4);
            return new Raw(status, response.substring(0, Math.max(end, 0)).toLowerCase()
                    .contains("transfer-encoding: chunked") ? dechunked(content) : content);
        }
    }

    private static String dechunked(String chunked) {
        StringBuilder b = new StringBuilder();
        int at = 0;
        while (true) {
            int line = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, line).strip(), 16);
            if (size == 0) {
                return b.toString();
            }
            b.append(chunked, line + 2, line + 2 + size);
            at = line + 2 + size + 2;
        }
    }
}
