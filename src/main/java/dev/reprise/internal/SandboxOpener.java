package dev.reprise.internal;

import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.command.ReplayCommand;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * The bridge through which {@link dev.reprise.ReplaySystem#createReplaySandbox} opens a sandbox, so that
 * {@link ReplaySandbox} needs no public factory: the system is the one way in. {@code ReplaySandbox}
 * installs its factory here when its class initializes.
 *
 * <p>Not API: the package is not exported by the module, and may change in any release.
 */
public final class SandboxOpener {

    /** Opens a sandbox: what {@code ReplaySandbox} installs. */
    @FunctionalInterface
    public interface Factory {
        /**
         * Opens a sandbox and has the game reset for it.
         *
         * @param config   what to play and how
         * @param commands the command of each code, or {@code null} for an unknown code
         * @param names    the registered name of each code, or {@code null} for an unknown code
         * @param warnings receives the sandbox's warnings after they are logged; may be {@code null}
         * @param replaced the sandbox opened before, stopped now; the game is reset only once it ended; may be
         *                 {@code null}
         * @return the sandbox, {@code READY}
         */
        ReplaySandbox open(SandboxConfig<?> config, IntFunction<? extends @Nullable ReplayCommand> commands,
                           IntFunction<@Nullable String> names, @Nullable Consumer<? super ReplayWarning> warnings,
                           @Nullable ReplaySandbox replaced);
    }

    @Nullable
    private static volatile Factory factory;

    private SandboxOpener() {
    }

    /**
     * Installs the factory; called once, by {@code ReplaySandbox}'s static initializer.
     *
     * @param opener the factory
     * @throws IllegalStateException if a factory is already installed
     */
    public static synchronized void install(Factory opener) {
        Objects.requireNonNull(opener, "opener");
        if (factory != null) {
            throw new IllegalStateException("The sandbox factory is installed once, by ReplaySandbox");
        }
        factory = opener;
    }

    /**
     * Opens a sandbox, as {@link Factory#open} describes.
     *
     * @param config   what to play and how
     * @param commands the command of each code, or {@code null} for an unknown code
     * @param names    the registered name of each code, or {@code null} for an unknown code
     * @param warnings receives the sandbox's warnings after they are logged; may be {@code null}
     * @param replaced the sandbox opened before, stopped now; may be {@code null}
     * @return the sandbox, {@code READY}
     */
    public static ReplaySandbox open(SandboxConfig<?> config, IntFunction<? extends @Nullable ReplayCommand> commands,
                                     IntFunction<@Nullable String> names,
                                     @Nullable Consumer<? super ReplayWarning> warnings,
                                     @Nullable ReplaySandbox replaced) {
        Factory opener = factory;
        if (opener == null) {
            initialize(ReplaySandbox.class); // its static initializer installs the factory
            opener = Objects.requireNonNull(factory, "ReplaySandbox did not install its factory");
        }
        return opener.open(config, commands, names, warnings, replaced);
    }

    private static void initialize(Class<?> type) {
        try {
            Class.forName(type.getName(), true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
