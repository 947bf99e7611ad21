package online.durak.engine;

/** A table setting that breaks rules.md §1; {@link #setting()} names it. */
public final class InvalidSettingException extends IllegalArgumentException {
    private final String setting;

    public InvalidSettingException(String setting, String message) {
        super(setting + ": " + message);
        this.setting = setting;
    }

    public String setting() {
        return setting;
    }
}
