package dev.reprise.testing;

import java.time.Duration;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import reactor.test.StepVerifier;

/**
 * Bounds every {@link StepVerifier} of the test run: a {@code verify()} without a {@link Duration}
 * (which would wait forever for a signal that never comes) fails after {@link #DEFAULT} instead.
 * Tests still pass their own, shorter, bound to {@code verify(Duration)}; this is the safety net.
 *
 * <p>Registered with the JUnit Platform in {@code META-INF/services}, so it applies to every engine
 * of the run; the default is restored when the launcher session closes.
 */
public final class StepVerifierTimeouts implements LauncherSessionListener {

    /** How long a {@code verify()} without a {@link Duration} waits at most. */
    public static final Duration DEFAULT = Duration.ofSeconds(30);

    private final Duration timeout;

    /** The listener the platform loads: bounds StepVerifier by {@link #DEFAULT}. */
    public StepVerifierTimeouts() {
        this(DEFAULT);
    }

    StepVerifierTimeouts(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        StepVerifier.setDefaultTimeout(timeout);
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        StepVerifier.resetDefaultTimeout();
    }
}
