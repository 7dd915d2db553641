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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code shrink} and {@code cut} never write over the replay they read, nor through a link to it: exit 2, saying why. */
class OutputIsInputTest {

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private Path report() throws IOException {
        Path in = folder.resolve("bug.reprise");
        GameJars.record("1", 3, 0, 4, 0, 5).write(in);
        return in;
    }

    private int run(String command, Path in, Path target) {
        return command.equals("cut") ? ToolRun.run(out, err, "cut", "--steps=2", in.toString(), target.toString())
                : ToolRun.run(out, err, command, in.toString(), target.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"shrink", "cut"})
    void outAsIn_isRefused_andInIsKept(String command) throws IOException {
        Path in = report();
        byte[] before = Files.readAllBytes(in);

        int status = run(command, in, in);

        assertThat(status).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("OUT (" + in + ") is IN: writing it would destroy the replay read");
        assertThat(Files.readAllBytes(in)).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"shrink", "cut"})
    void outAsALinkToIn_isRefused_andInIsKept(String command) throws IOException {
        Path in = report();
        byte[] before = Files.readAllBytes(in);
        Path link = Files.createSymbolicLink(folder.resolve("link.reprise"), in.getFileName());

        int status = run(command, in, link);

        assertThat(status).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("OUT (" + link + ") is a link to IN (" + in + ")");
        assertThat(Files.readAllBytes(in)).isEqualTo(before);
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void inReachedAnotherWay_isRefusedToo() throws IOException {
        Path in = report();
        Path sub = Files.createDirectory(folder.resolve("sub"));

        int status = run("cut", in, sub.resolve("..").resolve(in.getFileName()));

        assertThat(status).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("is IN");
    }
}
