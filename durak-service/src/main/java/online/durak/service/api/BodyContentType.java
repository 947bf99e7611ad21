package online.durak.service.api;

import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A body without a Content-Type is refused (415 {@code UNSUPPORTED_MEDIA_TYPE}) like one of another type, in every
 * service: JAX-RS would match it to any {@code @Consumes}, and a move sent so was played. An empty POST (join,
 * start, ...) needs none.
 */
public class BodyContentType {
    @ServerRequestFilter
    public void bodyNeedsContentType(ContainerRequestContext request) {
        if (request.getHeaderString(HttpHeaders.CONTENT_TYPE) == null && (request.getLength() > 0
                || request.getHeaderString("Transfer-Encoding") != null)) {
            throw new NotSupportedException();
        }
    }
}
