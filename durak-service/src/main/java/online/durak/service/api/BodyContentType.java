package online.durak.service.api;

import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A body without a Content-Type is refused (415 {@code UNSUPPORTED_MEDIA_TYPE}) like one of another type, in every
 * service: JAX-RS would match it to any {@code @Consumes}, and a move sent so was played. An empty POST (join,
 * start, ...) needs none: it is read as JSON whatever its Content-Type says, so that a method's typed body that may
 * be left out reads as null.
 */
public class BodyContentType {
    @ServerRequestFilter(preMatching = true)
    public void noBodyIsJson(ContainerRequestContext request) {
        if (!hasBody(request)) { // whatever type it names: there is nothing of that type
            request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
        }
    }

    @ServerRequestFilter
    public void bodyNeedsContentType(ContainerRequestContext request) {
        if (request.getHeaderString(HttpHeaders.CONTENT_TYPE) == null && hasBody(request)) {
            throw new NotSupportedException();
        }
    }

    private static boolean hasBody(ContainerRequestContext request) {
        return request.getLength() > 0 || request.getHeaderString("Transfer-Encoding") != null;
    }
}
