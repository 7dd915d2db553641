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
package dev.reprise.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.IVersionProvider;

/**
 * The tool's {@code --version}: the version in the jar's manifest, else the project version that the
 * build writes into {@code version.properties} next to this class, else {@code "unknown"} (a build
 * that did not filter resources, e.g. an IDE's).
 */
final class ToolVersion implements IVersionProvider {

    static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"replay-tool " + version(),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name", "unknown VM") + ")"};
    }

    /**
     * Returns the tool's version.
     *
     * @return e.g. {@code "0.1.0-SNAPSHOT"}, or {@code "unknown (not built by Maven)"}
     */
    static String version() {
        Package ours = ToolVersion.class.getPackage();
        String fromManifest = ours == null ? null : ours.getImplementationVersion();
        if (fromManifest != null) {
            return fromManifest;
        }
        String fromResource = fromResource();
        return fromResource != null ? fromResource : "unknown (not built by Maven)";
    }

    private static @Nullable String fromResource() {
        try (InputStream in = ToolVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = Objects.requireNonNullElse(properties.getProperty("version"), "").trim();
            // An unfiltered copy still holds the placeholder: no version is better than a wrong one.
            return version.isEmpty() || version.contains("${") ? null : version;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
