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
package dev.reprise.kafka;

import java.nio.file.Path;

/**
 * Where the build put the runnable jars (each in its module's {@code target/}) and the samples' classes, as
 * failsafe passes them ({@code reprise.*.jar} properties of this module's pom); the fallbacks are the same
 * paths from the repository's root, for a run from an IDE.
 */
public final class RunnableJars {

    private static final String VERSION = System.getProperty("reprise.version", "1.0.0");

    private RunnableJars() {
    }

    /** The replay tool's runnable jar. */
    public static Path tool() {
        return jar("reprise.tool.jar", "src/reprise-tool/target/reprise-tool-" + VERSION + "-all.jar");
    }

    /** The viewer's runnable jar. */
    public static Path viewer() {
        return jar("reprise.viewer.jar", "src/reprise-viewer/target/reprise-viewer-" + VERSION + "-all.jar");
    }

    /** The Kafka worker's runnable jar. */
    public static Path worker() {
        return jar("reprise.worker.jar", "src/reprise-kafka/target/reprise-kafka-" + VERSION + "-worker.jar");
    }

    /** The samples' compiled classes: the tower game and its service entries, as a game jar would hold them. */
    public static Path samples() {
        return jar("reprise.samples.classes", "samples/target/classes");
    }

    private static Path jar(String property, String fallback) {
        return Path.of(System.getProperty(property, fallback));
    }
}
