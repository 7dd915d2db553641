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
package dev.reprise.samples.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayMismatchException;
import dev.reprise.route.ReplayArray;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.test.StepVerifier;

class ReplayFilesTest {

    @TempDir
    Path folder;

    @Test
    void save_thenLoad_givesTheRouteBack() {
        ReplayArray route = new ReplayArray();
        route.add(0);
        route.add(4, 6, 2);
        route.add(5, 47);
        Path target = folder.resolve("run.rpl");

        StepVerifier.create(ReplayFiles.writeAsync(route, target).then(ReplayFiles.readAsync(target)))
                .assertNext(loaded -> {
                    assertThat(loaded.length()).isEqualTo(3);
                    assertThat(loaded.get(1).params()).containsExactly(6, 2);
                })
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void load_ofAReplayUsingAnUnregisteredCode_failsBeforePlayback() {
        ReplayArray route = new ReplayArray();
        route.add(9);
        Path target = folder.resolve("odd.rpl");

        StepVerifier.create(ReplayFiles.writeAsync(route, target).then(ReplayFiles.readAsync(target)))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(ReplayMismatchException.class)
                        .hasMessageContaining("registers no command 9"))
                .verify(Duration.ofSeconds(10));
    }
}
