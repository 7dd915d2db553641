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
package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildCopiesTest {

    /** Above any Linux pid_max (2^22): no process has it. */
    private static final long GONE = 999_999_999L;

    @TempDir
    Path temp;

    @Test
    void deleteStale_deletesTheCopiesOfProcessesThatAreGone_only() throws IOException {
        Path stale = Files.createDirectory(temp.resolve("reprise-builds-" + GONE + "-123"));
        Files.writeString(stale.resolve("0-game.jar"), "a copy");
        Path mine = Files.createDirectory(temp.resolve("reprise-builds-" + ProcessHandle.current().pid() + "-456"));
        Path older = Files.createDirectory(temp.resolve("reprise-builds-789")); // no pid: an older release's
        Path other = Files.createDirectory(temp.resolve("something-else-" + GONE + "-1"));

        BuildCopies.deleteStale(temp);

        assertThat(stale).doesNotExist();
        assertThat(mine).isDirectory();
        assertThat(older).isDirectory();
        assertThat(other).isDirectory();
    }

    @Test
    void newFolder_isNamedAfterThisProcess_andDeletedOnceEmpty() throws IOException {
        Path folder = BuildCopies.newFolder();
        try {
            assertThat(BuildCopies.owner(String.valueOf(folder.getFileName()))).isEqualTo(ProcessHandle.current().pid());
            Path copy = Files.writeString(folder.resolve("0-game.jar"), "a copy");
            assertThat(BuildCopies.deleteIfEmpty(folder)).as("a copy is still in it").isFalse();
            Files.delete(copy);
            assertThat(BuildCopies.deleteIfEmpty(folder)).isTrue();
            assertThat(folder).doesNotExist();
        } finally {
            if (Files.exists(folder)) {
                try (var walk = Files.walk(folder)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }
}
