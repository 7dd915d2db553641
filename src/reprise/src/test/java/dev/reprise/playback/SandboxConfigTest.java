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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;
import reactor.test.scheduler.VirtualTimeScheduler;

class SandboxConfigTest {

    private final ReplayArray route = new ReplayArray();

    @Test
    void defaults() {
        SandboxConfig<Object> config = SandboxConfig.builder(route, save -> { }).build();
        assertThat(config.array()).isSameAs(route);
        assertThat(config.save()).isEmpty();
        assertThat(config.startIndex()).isZero();
        assertThat(config.stepInterval()).isZero();
        assertThat(config.passiveGrace()).isZero();
        assertThat(config.scheduler()).isSameAs(Schedulers.parallel());
    }

    @Test
    void defaultScheduler_isResolvedWhenBuilt_soVirtualTimeApplies() {
        VirtualTimeScheduler virtual = VirtualTimeScheduler.getOrSet();
        try {
            SandboxConfig<Object> config = SandboxConfig.builder(route, save -> { }).build();
            virtual.advanceTimeBy(Duration.ofHours(3));
            assertThat(config.scheduler().now(java.util.concurrent.TimeUnit.HOURS)).isEqualTo(3);
        } finally {
            VirtualTimeScheduler.reset();
        }
    }

    @Test
    void options_areKept_andTheResetterGetsTheSave() {
        route.add(1);
        List<String> resets = new ArrayList<>();
        SandboxConfig<String> config = SandboxConfig.<String>builder(route, resets::add)
                .save("s").startIndex(1).stepInterval(Duration.ofMillis(5)).passiveGrace(Duration.ofSeconds(1))
                .scheduler(Schedulers.immediate()).build();
        assertThat(config.startIndex()).isEqualTo(1);
        assertThat(config.stepInterval()).isEqualTo(Duration.ofMillis(5));
        assertThat(config.passiveGrace()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.scheduler()).isSameAs(Schedulers.immediate());
        config.reset();
        assertThat(resets).containsExactly("s");
    }

    @Test
    void toBuilder_copiesEveryOptionButTheRouteResetterSaveAndStart() {
        route.add(1);
        SnapshotProvider<String> snapshots = new SnapshotProvider<>() {
            @Override
            public String capture() {
                return "state";
            }

            @Override
            public void restore(String snapshot) {
            }

            @Override
            public long estimateBytes(String snapshot) {
                return 8;
            }
        };
        SandboxConfig<String> config = SandboxConfig.<String>builder(route, save -> { })
                .save("s").startIndex(1).stepInterval(Duration.ofMillis(5)).runOn(Schedulers.single())
                .startPaused(true).scheduler(Schedulers.immediate()).passiveGrace(Duration.ofSeconds(1))
                .snapshots(snapshots).checkpointInterval(7).checkpointBudget(99).build();
        ReplayArray other = new ReplayArray();
        other.add(2);
        other.add(3);
        List<Integer> resets = new ArrayList<>();

        SandboxConfig<Integer> copy = config.<Integer>toBuilder(other, resets::add).save(4).startIndex(2).build();

        assertThat(copy.array()).isSameAs(other);
        assertThat(copy.startIndex()).isEqualTo(2);
        assertThat(copy.stepInterval()).isEqualTo(Duration.ofMillis(5));
        assertThat(copy.runOn()).contains(Schedulers.single());
        assertThat(copy.startPaused()).isTrue();
        assertThat(copy.scheduler()).isSameAs(Schedulers.immediate());
        assertThat(copy.passiveGrace()).isEqualTo(Duration.ofSeconds(1));
        assertThat(copy.snapshots()).containsSame(snapshots);
        assertThat(copy.checkpointInterval()).isEqualTo(7);
        assertThat(copy.checkpointBudget()).isEqualTo(99);
        copy.reset();
        assertThat(resets).containsExactly(4);
        assertThat(config.toBuilder(other, save -> { }).build().startIndex()).isZero();
    }

    @Test
    void toBuilder_ofAClockedConfig_keepsTheClock_andRefusesAStepIntervalOnTop() {
        SandboxConfig<Object> clocked = SandboxConfig.builder(route, save -> { })
                .clock(reactor.core.publisher.Flux.never()).build();

        assertThat(clocked.toBuilder(route, save -> { }).build().clock()).isPresent();
        assertThatThrownBy(() -> clocked.toBuilder(route, save -> { }).stepInterval(Duration.ofMillis(1)).build())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachOption_isCheckedAtOnce() {
        SandboxConfig.Builder<Object> builder = SandboxConfig.builder(route, save -> { });
        assertThatThrownBy(() -> builder.startIndex(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("startIndex").hasMessageContaining("-1");
        assertThatThrownBy(() -> builder.startIndex(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0..0");
        assertThatThrownBy(() -> builder.stepInterval(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stepInterval");
        assertThatThrownBy(() -> builder.passiveGrace(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("passiveGrace");
        assertThatThrownBy(() -> builder.stepInterval(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nanoseconds");
        assertThatThrownBy(() -> builder.stepInterval(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> builder.scheduler(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> SandboxConfig.builder(null, save -> { })).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> SandboxConfig.builder(route, null)).isInstanceOf(NullPointerException.class);
    }
}
