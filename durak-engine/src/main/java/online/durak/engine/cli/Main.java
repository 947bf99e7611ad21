package online.durak.engine.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import online.durak.engine.conformance.ConformanceRunner;

/** {@code java -jar durak-engine.jar conformance PATH...} and {@code java -jar durak-engine.jar verify FILE}. */
public final class Main {
    private static final String USAGE = "usage: java -jar durak-engine.jar conformance PATH...\n"
            + "       java -jar durak-engine.jar verify FILE   (a deal's replay JSON, or - for standard input)";

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("verify")) {
            System.exit(Verify.run(args[1], System.in, System.out, System.err));
        }
        if (args.length < 2 || !args[0].equals("conformance")) {
            System.err.println(USAGE);
            System.exit(2);
        }
        List<Path> paths = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            paths.add(Path.of(args[i]));
        }
        System.exit(ConformanceRunner.runAll(paths, System.out, System.err));
    }
}
