package online.durak.load;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** What every tool run against a started system is told: that system's API and data folder (a picocli mixin). */
final class SystemOptions {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
    boolean help;

    @Option(names = "--api", paramLabel = "URL", defaultValue = "http://localhost:8080/api",
            description = "the system's API (default ${DEFAULT-VALUE})")
    String api;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
            description = "the system's data folder (default ${DEFAULT-VALUE})")
    Path data;

    /** The system's address: the API's without a trailing {@code /api}. */
    String base() {
        return api.replaceAll("/+$", "").replaceAll("/api$", "");
    }
}
