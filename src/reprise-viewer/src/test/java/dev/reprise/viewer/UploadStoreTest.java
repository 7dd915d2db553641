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
package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one account of upload memory: in flight and kept together, kept ones evicted by age, count and size. */
class UploadStoreTest {

    private static final long KIB = 1024;

    @TempDir
    static Path folder;
    static ReplayLibrary.Upload loaded;

    private final AtomicLong clock = new AtomicLong();

    @BeforeAll
    static void file() throws IOException {
        SumViewer.write(SumViewer.route(50, 25, 0), folder.resolve("a.reprise"));
        ReplayLibrary.Loaded opened = new ReplayLibrary(ViewerOptions.defaults(folder),
                ViewerGames.of(java.util.List.of(new SumViewer()))).open("a.reprise");
        loaded = new ReplayLibrary.Upload(opened.name(), opened.file());
    }

    private UploadStore store(long budget, int maxKept) {
        return new UploadStore(ServerLimits.defaults().withMaxConnections(8)
                .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1)).withUploadBudget(budget)
                .withKeptUploads(maxKept, Duration.ofSeconds(10)), clock::get);
    }

    @Test
    void reserve_inFlightBytesAreNeverEvicted_theOneThatDoesNotFitIsRefused() {
        UploadStore store = store(10 * KIB, 8);
        assertThat(store.reserve(6 * KIB)).isTrue();
        assertThat(store.reserve(5 * KIB)).isFalse();
        assertThat(store.heldBytes()).isEqualTo(6 * KIB);
        store.release(6 * KIB);
        assertThat(store.reserve(10 * KIB)).isTrue();
        assertThat(store.heldBytes()).isEqualTo(10 * KIB);
    }

    @Test
    void peek_leavesTheUploadKept_takeTakesItOnce() {
        UploadStore store = store(10 * KIB, 8);
        assertThat(store.reserve(4 * KIB)).isTrue();
        String token = store.keep(loaded, 4 * KIB, 4 * KIB);
        assertThat(store.peek(token)).contains(loaded);
        assertThat(store.peek(token)).contains(loaded);
        assertThat(store.heldBytes()).isEqualTo(4 * KIB);
        assertThat(store.take(token)).isSameAs(loaded);
        assertThat(store.peek(token)).isEmpty();
        assertThat(store.take(token)).isNull();
        assertThat(store.peek("unknown")).isEmpty();
    }

    @Test
    void keep_evictsTheOldestKeptBySize_whenANewUploadNeedsTheRoom() {
        UploadStore store = store(10 * KIB, 8);
        assertThat(store.reserve(4 * KIB)).isTrue();
        String first = store.keep(loaded, 4 * KIB, 4 * KIB);
        assertThat(store.reserve(4 * KIB)).isTrue();
        String second = store.keep(loaded, 4 * KIB, 4 * KIB);
        assertThat(store.heldBytes()).isEqualTo(8 * KIB);

        assertThat(store.reserve(5 * KIB)).as("room made by evicting the oldest kept upload").isTrue();
        assertThat(store.heldBytes()).isEqualTo(9 * KIB);
        assertThat(store.take(first)).isNull();
        assertThat(store.take(second)).isNotNull();
        assertThat(store.heldBytes()).isEqualTo(5 * KIB);
    }

    @Test
    void keep_tooLargeForTheBudget_keepsNothing_andGivesTheReservationBack() {
        UploadStore store = store(10 * KIB, 8);
        assertThat(store.reserve(3 * KIB)).isTrue();
        assertThat(store.keep(loaded, 3 * KIB, 11 * KIB)).isNull();
        assertThat(store.heldBytes()).isZero();
    }

    @Test
    void kept_expireByAge_andByCount() {
        UploadStore store = store(100 * KIB, 2);
        store.reserve(KIB);
        String old = store.keep(loaded, KIB, KIB);
        clock.addAndGet(Duration.ofSeconds(6).toNanos());
        store.reserve(KIB);
        String younger = store.keep(loaded, KIB, KIB);
        clock.addAndGet(Duration.ofSeconds(5).toNanos()); // the first is 11 s old, past its 10 s
        assertThat(store.keptCount()).isEqualTo(1);
        assertThat(store.take(old)).isNull();
        store.reserve(KIB);
        String third = store.keep(loaded, KIB, KIB);
        store.reserve(KIB);
        String fourth = store.keep(loaded, KIB, KIB); // three kept would pass the count of 2: the oldest goes
        assertThat(store.take(younger)).isNull();
        assertThat(store.take(third)).isNotNull();
        assertThat(store.take(fourth)).isNotNull();
        assertThat(store.heldBytes()).isZero();
    }
}
