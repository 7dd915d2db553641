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
package dev.reprise.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.route.ReplayArray;
import org.junit.jupiter.api.Test;

/** The checkpoint options of {@link SandboxConfig.Builder}: defaults and validation when set. */
class SandboxConfigCheckpointTest {

    private final SandboxConfig.Builder<Object> builder = SandboxConfig.builder(new ReplayArray(), save -> { });

    @Test
    void defaults_noSnapshots_interval1000_budget64MiB() {
        SandboxConfig<Object> config = builder.build();
        assertThat(config.snapshots()).isEmpty();
        assertThat(config.checkpointInterval()).isEqualTo(1000).isEqualTo(SandboxConfig.DEFAULT_CHECKPOINT_INTERVAL);
        assertThat(config.checkpointBudget()).isEqualTo(64L * 1024 * 1024).isEqualTo(SandboxConfig.DEFAULT_CHECKPOINT_BUDGET);
    }

    @Test
    void setters_keepTheirValues() {
        SnapshotProvider<Long> provider = new SeekGame(new int[] {1}).snapshots();
        SandboxConfig<Object> config = builder.snapshots(provider).checkpointInterval(1).checkpointBudget(1).build();
        assertThat(config.snapshots()).containsSame(provider);
        assertThat(config.checkpointInterval()).isEqualTo(1);
        assertThat(config.checkpointBudget()).isEqualTo(1);
        assertThat(config.toString()).contains("checkpointInterval=1", "checkpointBudget=1");
    }

    @Test
    void badValues_areRejectedWhenSet() {
        assertThatThrownBy(() -> builder.checkpointInterval(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("checkpointInterval must be at least 1 step, was 0");
        assertThatThrownBy(() -> builder.checkpointBudget(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("checkpointBudget must be at least 1 byte, was 0");
        assertThatThrownBy(() -> builder.checkpointBudget(-5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.snapshots(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("snapshots");
    }
}
