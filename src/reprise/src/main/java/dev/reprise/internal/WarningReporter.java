/*
 * Copyright 2026 The Reprise developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.reprise.internal;

import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.diagnostic.WarningCode;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * Reports Reprise's warnings: each is logged through Reactor's {@code Loggers} (logger
 * {@code dev.reprise}, level WARN) and then handed to an optional listener. A listener that throws is
 * logged at ERROR and otherwise ignored: a faulty listener never interrupts the recording or the
 * playback that reported the warning. Thread-safe if the listener is.
 *
 * <p>Not API: the package is not exported by the module, and may change in any release.
 */
public final class WarningReporter {

    private static final Logger LOG = Loggers.getLogger("dev.reprise");

    @Nullable
    private final Consumer<? super ReplayWarning> listener;

    /**
     * Creates a reporter.
     *
     * @param listener receives every warning after it is logged; may be {@code null} to only log
     */
    public WarningReporter(@Nullable Consumer<? super ReplayWarning> listener) {
        this.listener = listener;
    }

    /**
     * Logs a warning of the given kind, its message the kind's template filled with {@code args}, and
     * delivers it to the listener.
     *
     * @param kind the kind of warning
     * @param args the template arguments
     * @return the warning that was reported
     */
    public ReplayWarning report(WarningCode kind, Object... args) {
        ReplayWarning warning = new ReplayWarning(kind, kind.format(args));
        LOG.warn("[{}] {}", kind.code(), warning.message());
        if (listener != null) {
            try {
                listener.accept(warning);
            } catch (RuntimeException e) {
                LOG.error("A replay warning listener failed on " + warning, e);
            }
        }
        return warning;
    }
}
