package online.durak.table.auth;

import jakarta.enterprise.context.RequestScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The player of this request, from the JWT that smallrye-jwt's bearer mechanism verified. Only for resources and
 * methods marked {@code @Authenticated}: they are not called without a valid token.
 */
@RequestScoped
public class CurrentPlayer {
    private final JsonWebToken jwt;

    public CurrentPlayer(JsonWebToken jwt) {
        this.jwt = jwt;
    }

    public Player get() {
        return TokenService.player(jwt);
    }
}
