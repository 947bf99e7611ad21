package online.durak.engine.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import online.durak.engine.conformance.ConformanceRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar durak-engine.jar conformance PATH...} (docs/conformance.md), read by picocli: exit 0 when every case
 * passed, 1 when one failed, 2 for a file that is not a valid case or a wrong command line (with the usage).
 */
@Command(name = "java -jar durak-engine.jar", synopsisHeading = "usage: ", customSynopsis = Main.SYNOPSIS,
        mixinStandardHelpOptions = true, version = "durak-engine", subcommands = Main.Conformance.class,
        description = "The rules engine's command line.")
public final class Main implements Runnable {
    static final String SYNOPSIS = "java -jar durak-engine.jar conformance PATH...";

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is needed");
    }

    /** Runs the case files, and every case file of the folders, given. */
    @Command(name = "conformance", synopsisHeading = "usage: ", customSynopsis = SYNOPSIS,
            mixinStandardHelpOptions = true, version = "durak-engine",
            description = "Runs conformance case files, or every case file of a folder: PASS or FAIL per case, "
                    + "then N passed, M failed.")
    static final class Conformance implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH", description = "a case file or a folder of them")
        List<Path> paths;

        @Override
        public Integer call() {
            return ConformanceRunner.runAll(paths, System.out, System.err);
        }
    }
}
