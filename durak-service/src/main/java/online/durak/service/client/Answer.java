package online.durak.service.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Another service's answer as this project's REST clients read it: the status and the body as text, whatever the
 * status. The clients return {@code RestResponse<String>} with the default exception mapper off
 * ({@code quarkus.rest-client.<name>.disable-default-mapper=true}), so that a refusal is an answer to read.
 */
public record Answer(int status, String body) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static Answer of(RestResponse<?> r) {
        Object entity = r.getEntity(); // the body of an error status is left unread, as a stream
        String body;
        if (entity instanceof InputStream in) {
            try (in) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                body = "";
            }
        } else {
            body = entity == null ? "" : entity.toString();
        }
        return new Answer(r.getStatus(), body);
    }

    /** The body as JSON; an empty object when it has none or it is not JSON. */
    public JsonNode json() {
        try {
            return JSON.readTree(body.isEmpty() ? "{}" : body);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }
}
