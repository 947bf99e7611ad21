package online.durak.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * An operator's service token (docs/accounts.md "Service tokens"): an RS256 JWT signed with the installation's key
 * ({@value TokenKeys#PRIVATE_FILE} in the data folder), in the group {@value #GROUP}, which every service's
 * {@code /admin/*} and {@code /internal/*} paths take, e.g. leaderboard-service's {@code POST /admin/rebuild}. Printed
 * on stdout alone, so a script can take it: {@code deploy/service-token.sh --data data}.
 */
@Command(name = "service-token", mixinStandardHelpOptions = false,
        description = "Prints a service token signed with the installation's key, for /admin/* and /internal/* paths.")
public final class ServiceTokenMain {
    /** As every service's {@code mp.jwt.verify.issuer}. */
    static final String ISSUER = "durak-online";
    /** As durak-service's {@code ServiceToken.GROUP}. */
    static final String GROUP = "durak-service";
    static final int MAX_MINUTES = 60;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
    boolean help;

    @Option(names = "--data", paramLabel = "DIR", descriptionKey = "DURAK_DATA_DIR", defaultValue = "data",
            description = "the data folder with the token keys (DURAK_DATA_DIR; default ${DEFAULT-VALUE})")
    Path data;

    @Option(names = "--subject", paramLabel = "NAME", defaultValue = "operator",
            description = "who the token names, letters, digits and '-' (default ${DEFAULT-VALUE}); services log it")
    String subject;

    @Option(names = "--minutes", paramLabel = "N", defaultValue = "10",
            description = "how long it is valid, 1 to " + MAX_MINUTES + " (default ${DEFAULT-VALUE})")
    int minutes;

    public static void main(String[] args) {
        ServiceTokenMain command = new ServiceTokenMain();
        Cli.orExit(command, System.getenv(), () -> Cli.parse(command, args, System.getenv()).check());
        try {
            System.out.println(command.sign(Instant.now()));
        } catch (IOException | GeneralSecurityException e) {
            System.err.println("error: cannot sign with " + command.data.resolve(TokenKeys.PRIVATE_FILE) + ": " + e);
            System.exit(1);
        }
    }

    ServiceTokenMain check() {
        if (!subject.matches("[A-Za-z0-9-]{1,64}")) {
            throw new IllegalArgumentException("--subject: letters, digits and '-' only, at most 64: " + subject);
        }
        if (minutes < 1 || minutes > MAX_MINUTES) {
            throw new IllegalArgumentException("--minutes must be 1 to " + MAX_MINUTES + ": " + minutes);
        }
        if (!Files.isRegularFile(data.resolve(TokenKeys.PRIVATE_FILE))) {
            throw new IllegalArgumentException("no " + TokenKeys.PRIVATE_FILE + " in " + data.toAbsolutePath()
                    + " (the data folder of deploy/start.sh)");
        }
        return this;
    }

    /** The token, issued at {@code now}. */
    String sign(Instant now) throws IOException, GeneralSecurityException {
        PrivateKey key = TokenKeys.readPrivate(data.resolve(TokenKeys.PRIVATE_FILE));
        // the claims are fixed names and checked values: no escaping needed
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String claims = "{\"iss\":\"" + ISSUER + "\",\"sub\":\"" + subject + "\",\"upn\":\"" + subject
                + "\",\"groups\":[\"" + GROUP + "\"],\"iat\":" + now.getEpochSecond() + ",\"exp\":"
                + now.plusSeconds(60L * minutes).getEpochSecond() + ",\"jti\":\"" + UUID.randomUUID() + "\"}";
        String signed = base64(header.getBytes(StandardCharsets.UTF_8)) + "."
                + base64(claims.getBytes(StandardCharsets.UTF_8));
        Signature rs256 = Signature.getInstance("SHA256withRSA");
        rs256.initSign(key);
        rs256.update(signed.getBytes(StandardCharsets.US_ASCII));
        return signed + "." + base64(rs256.sign());
    }

    private static String base64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
