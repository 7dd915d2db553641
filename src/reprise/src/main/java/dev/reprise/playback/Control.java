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
package dev.reprise.playback;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Sinks;

/** A control request posted to the engine's drain from any thread, with the sink that answers it. */
final class Control {
    static final int PLAY = 0;
    static final int PAUSE = 1;
    static final int STOP = 2;
    static final int STEP = 3;
    static final int SPEED = 4;
    static final int CHECK_ROUTE = 5;
    static final int BAD_REQUEST = 6;
    static final int SEEK = 7;
    static final int CLOCK_ENDED = 8;
    /** A window's subscriber requested {@code n <= 0}: that window errors, playback goes on. */
    static final int WINDOW_BAD_REQUEST = 9;

    static final Control PLAY_CONTROL = new Control(PLAY, null, 0);
    static final Control SPEED_CONTROL = new Control(SPEED, null, 0);
    static final Control CHECK_ROUTE_CONTROL = new Control(CHECK_ROUTE, null, 0);

    final int kind;
    @Nullable
    private final Object sink;
    /** The amount of a bad request (of the playback or of a window). */
    final long amount;

    Control(int kind, @Nullable Object sink, long amount) {
        this.kind = kind;
        this.sink = sink;
        this.amount = amount;
    }

    /** @return the sink of a pause or stop, {@code null} for the fire-and-forget forms */
    @SuppressWarnings("unchecked")
    Sinks.@Nullable Empty<Void> emptySink() {
        return (Sinks.Empty<Void>) sink;
    }

    /** @return the error of a clock that failed, {@code null} for one that completed */
    @Nullable
    Throwable clockError() {
        return (Throwable) sink;
    }

    /** @return the window whose subscriber made a bad request */
    PlaybackWindows.Window window() {
        return (PlaybackWindows.Window) Objects.requireNonNull(sink, "a bad request names its window");
    }

    Seeker.Request seekRequest() {
        return (Seeker.Request) Objects.requireNonNull(sink, "a seek has its request");
    }

    @SuppressWarnings("unchecked")
    Sinks.One<PlaybackStep> stepSink() {
        return (Sinks.One<PlaybackStep>) Objects.requireNonNull(sink, "a step has its sink");
    }
}
