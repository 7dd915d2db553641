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

import dev.reprise.io.ReplayFile;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A test's replay tool over a temporary folder: runs the tool in the test's thread, its output caught, with
 * a folder of replays and folders of the test game's builds ({@link GameJars}) under the folder.
 */
final class ToolFixture {

    private final Path root;
    private final Path replays;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /**
     * Makes the replays folder, {@code root/replays}.
     *
     * @param root the test's temporary folder
     */
    ToolFixture(Path root) {
        this.root = root;
        try {
            this.replays = Files.createDirectory(root.resolve("replays"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns the folder of replays that {@link #write} fills. */
    Path replays() {
        return replays;
    }

    /**
     * Runs the tool; what it prints adds to {@link #out()} and {@link #err()}.
     *
     * @param args the command line
     * @return the exit status
     */
    int run(String... args) {
        return ToolRun.run(out, err, args);
    }

    /** Returns all the tool printed on standard output so far. */
    String out() {
        return out.toString();
    }

    /** Returns all the tool printed on standard error so far. */
    String err() {
        return err.toString();
    }

    /** Forgets what the tool printed so far. */
    void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    /**
     * Writes a replay into the replays folder.
     *
     * @param name its name, without the extension
     * @param file the replay
     * @return its path, {@code replays/<name>.reprise}
     */
    Path write(String name, ReplayFile file) throws IOException {
        Path path = replays.resolve(name + ReplayFinder.EXTENSION);
        file.write(path);
        return path;
    }

    /**
     * Makes a folder of game jars, as an operator installs them.
     *
     * @param name   the folder's name under the root
     * @param builds the builds of the test game to install, each as {@code builds-<build>.jar}
     * @return the folder
     */
    Path builds(String name, String... builds) throws IOException {
        Path folder = Files.createDirectory(root.resolve(name));
        for (String build : builds) {
            GameJars.install(folder, build);
        }
        return folder;
    }
}
