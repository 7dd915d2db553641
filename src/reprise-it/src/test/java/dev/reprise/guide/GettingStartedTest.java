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
package dev.reprise.guide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCode;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.shrink.ReplayCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** Runs every step of the getting-started guide on its tiny game, against the library alone. */
class GettingStartedTest {

    private static final Duration FRAME = Duration.ofSeconds(1).dividedBy(60);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path folder;

    private final CoinGame recorded = new CoinGame();
    private final CoinGame replayed = new CoinGame();
    private final Scheduler gameThread = Schedulers.newSingle("game");
    private ReplaySystem player;

    @BeforeEach
    void recordSaveAndLoad() throws IOException {
        ReplaySystem replay = CoinReplay.replaySystem(recorded);
        CoinReplay.Inputs player = new CoinReplay.Inputs(replay, recorded);
        player.right();
        player.right();
        player.openChest();
        player.choose(1);
        player.down();
        player.openChest();
        player.choose(0);

        Path file = folder.resolve("run.reprise");
        CoinReplay.write(replay, file);
        this.player = CoinReplay.read(file, replayed);
    }

    @AfterEach
    void stopTheGameThread() {
        gameThread.dispose();
    }

    @Test
    void watchReplay_fromTheGameThread_returnsAtOnce_reachesTheRecordedState_andTellsTheEnd() {
        List<String> renderThreads = new CopyOnWriteArrayList<>();
        Sinks.One<PlaybackState> end = Sinks.one();
        CoinReplay.Dialog dialog = new CoinReplay.Dialog(Duration.ofMillis(5));

        Mono<ReplaySandbox> started = Mono.fromCallable(() -> CoinReplay.watchReplay(player, replayed,
                        CoinReplay.frames(200), gameThread, dialog,
                        () -> renderThreads.add(Thread.currentThread().getName()), end::tryEmitValue))
                .subscribeOn(gameThread); // the "watch replay" button: an input handler on the game thread

        assertThat(started.block(TIMEOUT)).isNotNull();
        assertThat(end.asMono().block(TIMEOUT)).isEqualTo(PlaybackState.ENDED);
        assertThat(replayed.state()).isEqualTo(recorded.state()).isEqualTo("at 2,1, 10 gold, 1 keys");
        assertThat(renderThreads).hasSize(7).allSatisfy(name -> assertThat(name).startsWith("game-"));
    }

    @Test
    void load_refusesTheFileOfAnotherGame() throws IOException {
        Path other = folder.resolve("other.reprise");
        ReplayFile.builder(player.saveState()).gameId("another-game").build().write(other);

        assertThatThrownBy(() -> CoinReplay.read(other, new CoinGame()))
                .isInstanceOf(ReplayMismatchException.class).hasMessageContaining("another-game");
    }

    @Test
    void playback_playsOneGroupPerFrame_andReachesTheRecordedState() {
        // Headless: no dialog, the same commands; playback applies each recorded choice itself.
        StepVerifier.withVirtualTime(() -> player.playback(SandboxConfig.builder(player.array(), save -> replayed.reset())
                                .clock(CoinReplay.frames(60))
                                .build()))
                .expectSubscription()
                .expectNoEvent(FRAME.minusMillis(1)) // nothing runs before the first frame
                .thenAwait(Duration.ofMillis(1))
                .assertNext(step -> assertThat(step.step().code()).isEqualTo(ReplayCode.RIGHT))
                .thenAwait(FRAME.multipliedBy(4)) // four more frames: RIGHT, CHEST+CHOOSE, DOWN, CHEST+CHOOSE
                .expectNextCount(6)
                .verifyComplete();

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void theSavedReplay_isJudgedByWhatMustHold_throughTheAdapter() {
        ReplayCheck.of(folder.resolve("run.reprise"), CoinTestGame::of)
                .finalState(test -> assertThat(test.game().state()).isEqualTo("at 2,1, 10 gold, 1 keys"))
                .check();
    }
}
