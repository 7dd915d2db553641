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

import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code convert} through a symbolic link rewrites the file the link names and keeps the link. */
class ConvertThroughSymlinkTest {

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void convert_ofALinkOntoItself_rewritesTheRealFile_andKeepsTheLink() throws IOException {
        ReplayArray route = new ReplayArray();
        for (int i = 0; i < 200; i++) {
            route.add(i % 4, i, "step " + i);
        }
        Path real = folder.resolve("ok.reprise");
        ReplayFile.builder(route.saveState()).gameId("tower").build().write(real);
        byte[] before = Files.readAllBytes(real);
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), real.getFileName());

        int status = ToolRun.run(out, err, "convert", "--compression", "NONE", link.toString(), link.toString());

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.OK);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(real.getFileName());
        byte[] after = Files.readAllBytes(real);
        assertThat(after).isNotEqualTo(before);
        ReplayFile converted = ReplayFile.read(real);
        assertThat(converted.compression()).isEqualTo(Compression.NONE);
        assertThat(converted.toBuilder().compression(Compression.COMPACT).build()).isEqualTo(ReplayFile.read(before));
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files).containsExactlyInAnyOrder(real, link);
        }
    }
}
