package online.durak.deploy;

import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The command lines of deploy's programs (and the tools that share their options), read by picocli: an option not
 * given takes its environment variable (named by the option's {@code descriptionKey}), else its default; an option
 * wins over the environment. {@code -h}/{@code --help} prints the usage and exits 0; a bad option or value is an
 * {@link IllegalArgumentException} for the caller to print with the usage (exit 2).
 */
public final class Cli {
    private Cli() {
    }

    /** Reads {@code args} into {@code command}'s options; see the class comment. */
    public static <T> T parse(T command, String[] args, Map<String, String> env) {
        CommandLine line = line(command, env);
        try {
            line.parseArgs(args);
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (line.isUsageHelpRequested()) {
            line.usage(System.out);
            System.exit(0);
        }
        return command;
    }

    /** The usage of {@code command}, its defaults as {@code env} sets them. */
    public static String usage(Object command, Map<String, String> env) {
        return line(command, env).getUsageMessage();
    }

    /**
     * What {@code read} makes of a command line; when it refuses it ({@link IllegalArgumentException}), the error and
     * {@code command}'s usage on stderr, and exit 2.
     */
    public static <T> T orExit(Object command, Map<String, String> env, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(usage(command, env));
            System.exit(2);
            return null;
        }
    }

    private static CommandLine line(Object command, Map<String, String> env) {
        // a later option wins, as the scripts put theirs (--home) before the caller's
        return new CommandLine(command).setDefaultValueProvider(new EnvironmentDefaults(env))
                .setOverwrittenOptionsAllowed(true);
    }

    /** An option's environment variable, when set and not blank; else its own default. */
    private record EnvironmentDefaults(Map<String, String> env) implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            if (arg instanceof OptionSpec o && o.descriptionKey() != null && !o.descriptionKey().isEmpty()) {
                String v = env.get(o.descriptionKey());
                if (v != null && !v.isBlank()) {
                    return v;
                }
            }
            return null;
        }
    }
}
