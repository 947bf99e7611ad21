package online.durak.engine;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The installation's daily secret (docs/daily.md, docs/fairness.md): the key from which, with the date, the daily
 * game's shuffles and its bots' randomness derive, so that nobody without it computes a day's cards, whoever reads
 * the source. Made once per installation outside the engine (deploy's launcher, or a cluster's secret store); the
 * engine is only given it. Its bytes never leave this object, nor its text.
 */
public final class DailySecret {
    /** The least key length: as long as the HMAC-SHA256 output, so the key is never the weaker part. */
    public static final int MIN_BYTES = 32;
    private static final String HMAC = "HmacSHA256";

    private final SecretKeySpec key;

    public DailySecret(byte[] key) {
        if (key == null || key.length < MIN_BYTES) {
            throw new IllegalArgumentException("a daily secret has at least " + MIN_BYTES + " bytes, not "
                    + (key == null ? 0 : key.length));
        }
        this.key = new SecretKeySpec(key, HMAC);
    }

    /** The first eight bytes of HMAC-SHA256(secret, "durak.daily/" + text): stable across JVMs and versions. */
    long seed(String text) {
        byte[] h;
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            h = mac.doFinal(("durak.daily/" + text).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM has HmacSHA256", e);
        }
        long s = 0;
        for (int i = 0; i < 8; i++) {
            s = s << 8 | (h[i] & 0xff);
        }
        return s;
    }

    @Override
    public String toString() {
        return "DailySecret[hidden]";
    }
}
