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
package dev.reprise.samples.tower.replay;

import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.samples.tower.TowerGame;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import org.jspecify.annotations.Nullable;

/**
 * Whether a replay reproduced a recorded game: the two final state hashes, and where it went wrong if
 * it did not.
 *
 * @param steps the steps in the route
 * @param recordedHash the {@linkplain dev.reprise.samples.tower.TowerState#stateHash() state hash} at
 *     the end of the recording
 * @param replayedHash the state hash at the end of the replay
 * @param firstDivergence the first step before which the replayed game differed (see
 *     {@link StateTrail}), or -1
 * @param failure why playback failed, or {@code null} if it played to the end
 */
public record ReplayVerdict(int steps, long recordedHash, long replayedHash, int firstDivergence,
                            @Nullable ReplayPlaybackException failure) {

    /**
     * Tells whether the replay reproduced the game: it played to the end, never diverged, and ended in
     * the recorded state.
     *
     * @return {@code true} if the replay matches the recording
     */
    public boolean reproduced() {
        return failure == null && firstDivergence < 0 && recordedHash == replayedHash;
    }

    /**
     * Describes the verdict in one line.
     *
     * @return e.g. {@code "MATCH: final state hash 1f2e... on both sides"}
     */
    public String describe() {
        if (failure != null) {
            return "MISMATCH: playback failed at step " + failure.stepIndex() + " (" + failure.phase().label() + "): "
                    + (failure.getCause() != null ? failure.getCause().getMessage() : failure.getMessage());
        }
        if (reproduced()) {
            return "MATCH: final state hash " + Long.toHexString(replayedHash) + " on both sides";
        }
        String where = firstDivergence >= 0 ? "first differing step " + firstDivergence + ", " : "";
        return "MISMATCH: " + where + "recorded hash " + Long.toHexString(recordedHash) + ", replayed "
                + Long.toHexString(replayedHash);
    }

    /**
     * Plays a playback to its end, checking each step against the recording, and judges the outcome.
     *
     * @param playback the sandbox's steps (subscribed here, with unbounded demand)
     * @param game the game the playback drives
     * @param trail the recording's state trail
     * @param recordedHash the state hash at the end of the recording
     * @return the verdict once playback ended or failed; other errors (a changed route) pass through
     */
    public static Mono<ReplayVerdict> judge(Flux<PlaybackStep> playback, TowerGame game, StateTrail trail,
                                            long recordedHash) {
        return judge(playback, Function.identity(), game, trail, recordedHash);
    }

    /**
     * Plays a playback to its end through a consumer (such as a UI answering passive steps), checking
     * each step against the recording as the sandbox emits it, and judges the outcome.
     *
     * @param playback the sandbox's steps
     * @param consumer what is done with the steps; its result is subscribed here
     * @param game the game the playback drives
     * @param trail the recording's state trail
     * @param recordedHash the state hash at the end of the recording
     * @return the verdict once playback ended or failed; other errors (a changed route) pass through
     */
    public static Mono<ReplayVerdict> judge(Flux<PlaybackStep> playback,
                                            Function<? super Flux<PlaybackStep>, ? extends Flux<?>> consumer,
                                            TowerGame game, StateTrail trail, long recordedHash) {
        // Checked here, before the consumer: an operator such as flatMap may pass a step on only after
        // the sandbox has already executed it.
        return consumer.apply(playback.doOnNext(step -> trail.check(step, game)))
                .then(Mono.fromCallable(() -> new ReplayVerdict(trail.size(), recordedHash,
                        game.state().stateHash(), trail.firstDivergence(), null)))
                .onErrorResume(ReplayPlaybackException.class, failure -> Mono.just(new ReplayVerdict(trail.size(),
                        recordedHash, game.state().stateHash(), trail.firstDivergence(), failure)));
    }
}
