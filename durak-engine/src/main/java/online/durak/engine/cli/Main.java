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
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code java -jar durak-engine.jar conformance PATH...} (docs/conformance.md) and {@code java -jar durak-engine.jar
 * verify FILE} (docs/fairness.md), read by picocli. Conformance: exit 0 when every case passed, 1 when one failed, 2 for
 * a file that is not a valid case. Verify: exit 0 for a valid proof, 1 for an invalid one, 2 for a file that is no
 * replay with a proof. A wrong command line exits 2 with the usage.
 */
@Command(name = "java -jar durak-engine.jar", synopsisHeading = "usage: ", customSynopsis = {Main.SYNOPSIS,
        Main.VERIFY_SYNOPSIS}, mixinStandardHelpOptions = true, version = "durak-engine",
        subcommands = {Main.Conformance.class, Main.VerifyProof.class}, description = "The rules engine's command line.")
public final class Main implements Runnable {
    static final String SYNOPSIS = "java -jar durak-engine.jar conformance PATH...";
    static final String VERIFY_SYNOPSIS = "       java -jar durak-engine.jar verify FILE";

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line; a wrong one prints its error and the usage of the command it reached, and exits 2. */
    static CommandLine commandLine() {
        return new CommandLine(new Main()).setParameterExceptionHandler((e, args) -> {
            CommandLine reached = e.getCommandLine();
            reached.getErr().println(e.getMessage());
            UnmatchedArgumentException.printSuggestions(e, reached.getErr());
            reached.usage(reached.getErr());
            return 2;
        });
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

    /** Checks a finished deal's shuffle proof in its replay ({@link Verify}). */
    @Command(name = "verify", synopsisHeading = "usage: ", customSynopsis = "java -jar durak-engine.jar verify FILE",
            mixinStandardHelpOptions = true, version = "durak-engine",
            description = "Checks a deal's shuffle proof in its replay as the API returns it (GET /api/tables/{id}/"
                    + "replay?deal=N): the commitment is SHA-256 of salt and deck order, and the deal's events follow "
                    + "from that deck order. VALID (exit 0), INVALID with the reason (1), or unreadable (2).")
    static final class VerifyProof implements Callable<Integer> {
        @Parameters(arity = "1", paramLabel = "FILE", description = "the replay's JSON, or - for standard input")
        String file;

        @Override
        public Integer call() {
            return Verify.run(file, System.in, System.out, System.err);
        }
    }
}
