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
package dev.reprise.diagnostic;

import java.util.Objects;

/**
 * One warning reported by Reprise: its kind and a human-readable message.
 *
 * <p>Warnings describe recoverable situations (an edit index out of range, a skipped passive step, ...);
 * input that cannot be recorded faithfully is an exception, not a warning. They are
 * delivered to the listener of the component that reported them (for example
 * {@link dev.reprise.ReplaySystem#warnings()}) and always logged through Reactor's {@code Loggers} under the
 * logger name {@code dev.reprise}. Immutable and thread-safe.
 *
 * @param kind    what happened, never {@code null}
 * @param message the filled-in message, never {@code null}
 */
public record ReplayWarning(WarningCode kind, String message) {

    /**
     * Creates a warning.
     *
     * @throws NullPointerException if an argument is {@code null}
     */
    public ReplayWarning {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /**
     * Returns the numeric code, the original engine's log code where one exists.
     *
     * @return {@code kind().code()}
     */
    public int code() {
        return kind.code();
    }

    @Override
    public String toString() {
        return "[" + kind.code() + " " + kind + "] " + message;
    }
}
