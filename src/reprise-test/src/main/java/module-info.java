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
 * Reprise's test kit: {@code PlaybackStepVerifier} for playback, JUnit sources and assertions over replay
 * files, and routes for tests (checking by invariants and shrinking are the core's {@code dev.reprise.shrink}). A game's tests use it at test scope, beside
 * reactor-test.
 */
module dev.reprise.test {
    requires transitive dev.reprise;
    requires transitive reactor.test;
    requires transitive org.junit.jupiter.api;
    requires transitive org.junit.jupiter.params;
    requires org.opentest4j;

    exports dev.reprise.test;
}
