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
/**
 * Reprise: record what a player does in a deterministic game as a compact binary route and play it
 * back, step for step, as a Project Reactor {@code Flux} with backpressure.
 *
 * <p>The core: the route, replay files, commands, playback, desync detection, verification, and
 * shrinking a failing replay to a regression case. It reads
 * reactor-core (with Reactive Streams), Caffeine and JSpecify, nothing else. Every package but
 * {@code dev.reprise.internal} and {@code dev.reprise.internal.answer} is API; those two are exported to
 * no module.
 */
module dev.reprise {
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
    requires com.github.benmanes.caffeine;
    requires static transitive org.jspecify;

    uses dev.reprise.verify.ReplayVerifierProvider;

    exports dev.reprise;
    exports dev.reprise.command;
    exports dev.reprise.desync;
    exports dev.reprise.diagnostic;
    exports dev.reprise.edit;
    exports dev.reprise.io;
    exports dev.reprise.playback;
    exports dev.reprise.route;
    exports dev.reprise.shrink;
    exports dev.reprise.verify;
}
