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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayFinderTest {

    @TempDir
    Path folder;

    @Test
    void find_walksFoldersForReplayFiles_sorted_andKeepsArgumentsInOrder() throws IOException {
        Path b = touch(folder.resolve("run/b.reprise"));
        Path a = touch(folder.resolve("run/a.reprise"));
        Path nested = touch(folder.resolve("run/sub/c.reprise"));
        touch(folder.resolve("run/notes.txt"));
        Path named = touch(folder.resolve("single.rpl"));

        List<ReplayFinder.Found> found = ReplayFinder.find(List.of(named, folder.resolve("run"), a));

        assertThat(found).extracting(ReplayFinder.Found::path).containsExactly(named, a, b, nested);
        assertThat(found).extracting(ReplayFinder.Found::problem).containsOnlyNulls();
    }

    @Test
    void find_keepsAMissingPath_withItsReason() {
        Path missing = folder.resolve("missing.reprise");

        assertThat(ReplayFinder.find(List.of(missing))).containsExactly(new ReplayFinder.Found(missing, "no such file"));
    }

    @Test
    void find_namesALoopOfTwoLinks_asASymlinkLoop() throws IOException {
        Path a = folder.resolve("a.reprise");
        Path b = folder.resolve("b.reprise");
        Files.createSymbolicLink(a, b.getFileName());
        Files.createSymbolicLink(b, a.getFileName());

        assertThat(ReplayFinder.find(List.of(a))).singleElement().extracting(ReplayFinder.Found::problem)
                .isEqualTo("a symlink loop (" + a.toAbsolutePath().normalize() + " leads back to itself)");
    }

    @Test
    void find_namesADanglingLink_andWhereItPoints() throws IOException {
        Path link = Files.createSymbolicLink(folder.resolve("dangling.reprise"), Path.of("gone.reprise"));

        assertThat(ReplayFinder.find(List.of(link))).singleElement().extracting(ReplayFinder.Found::problem)
                .isEqualTo("a dangling symlink (it points to " + folder.toAbsolutePath().normalize().resolve("gone.reprise")
                        + ", which does not exist)");
    }

    @Test
    void find_followsAFolderGivenThroughASymlink_andNamesItsFilesUnderTheLink() throws IOException {
        touch(folder.resolve("run/a.reprise"));
        touch(folder.resolve("run/sub/b.reprise"));
        Path relative = Files.createSymbolicLink(folder.resolve("linked"), Path.of("run"));
        Path chain = Files.createSymbolicLink(folder.resolve("chain"), relative.toAbsolutePath());

        assertThat(ReplayFinder.find(List.of(relative))).containsExactly(
                new ReplayFinder.Found(relative.resolve("a.reprise"), null),
                new ReplayFinder.Found(relative.resolve("sub/b.reprise"), null));
        assertThat(ReplayFinder.find(List.of(chain))).extracting(ReplayFinder.Found::path)
                .containsExactly(chain.resolve("a.reprise"), chain.resolve("sub/b.reprise"));
    }

    private static Path touch(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, "x");
    }
}
