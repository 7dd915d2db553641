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

import dev.reprise.verify.LockstepSide.Mode;
import dev.reprise.verify.LockstepSide.Settled;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.util.function.Tuple2;
import reactor.util.function.Tuples;

/**
 * One {@link Lockstep} comparison: opens both sides, pairs their settled steps with {@code zip} (one step of
 * prefetch, so neither runs ahead), compares each pair and, at the first that differs, describes both
 * states field by field. Holds only the pair in hand and a count.
 */
final class LockstepRun {

    private final Lockstep.Side left;
    private final Lockstep.Side right;
    private final Duration timeout;
    private final long maxSteps;
    private final int maxDifferences;
    /** Steps compared and alike so far; read by the timeout's fallback on the timer's thread. */
    private final AtomicInteger alike = new AtomicInteger();
    /** Whether a described state held anything: a game that neither hashes nor describes is not compared. */
    private volatile boolean described;

    LockstepRun(Lockstep.Side left, Lockstep.Side right, Duration timeout, long maxSteps, int maxDifferences) {
        this.left = left;
        this.right = right;
        this.timeout = timeout;
        this.maxSteps = maxSteps;
        this.maxDifferences = maxDifferences;
    }

    /** The comparison on a worker, under the timeout, which starts before either game is built. */
    Mono<LockstepResult> run() {
        return Mono.defer(this::compare)
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(timeout, Mono.fromCallable(() -> LockstepResult.fails(alike.get(), -1, Optional.empty(),
                        "ran over the " + timeout + " timeout after " + alike.get() + " steps alike")));
    }

    private Mono<LockstepResult> compare() {
        LockstepSide l;
        LockstepSide r;
        Mode mode;
        try {
            l = LockstepSide.open(left);
            r = LockstepSide.open(right);
            mode = l.hashes() && r.hashes() ? Mode.HASH : Mode.DESCRIBE;
        } catch (LockstepSide.Failed e) {
            return Mono.just(e.result(0));
        } catch (LockstepSide.Skipped e) {
            return Mono.just(LockstepResult.skipped(String.valueOf(e.getMessage())));
        }
        int length = Math.max(l.length(), r.length());
        return pairs(l, r, mode, -1)
                .take(maxSteps)
                .filter(pair -> {
                    if (alike(pair, mode)) {
                        alike.incrementAndGet();
                        return false;
                    }
                    return true;
                })
                .next()
                .flatMap(pair -> parted(l, pair, mode))
                .switchIfEmpty(Mono.fromCallable(() -> ended(length, mode)))
                .onErrorResume(LockstepSide.Failed.class, e -> Mono.just(e.result(alike.get())));
    }

    /**
     * The two sides' states after each step, paired: each plays one step (the left side first, then the right),
     * and the next is played only when the pair is taken. Both sides are stopped when the pairs end, however
     * they end.
     */
    private static Flux<Tuple2<Settled, Settled>> pairs(LockstepSide l, LockstepSide r, Mode mode, int at) {
        return Flux.defer(() -> {
            l.start(mode, at);
            r.start(mode, at);
            return Mono.defer(() -> l.next().zipWith(r.next())).repeat()
                    .takeWhile(told -> !told.getT1().ended() || !told.getT2().ended())
                    .<Tuple2<Settled, Settled>>handle((told, sink) -> {
                        Settled left = told.getT1().settled();
                        Settled right = told.getT2().settled();
                        if (left != null && right != null) {
                            sink.next(Tuples.of(left, right));
                        }
                    });
        }).doFinally(signal -> {
            l.stop();
            r.stop();
        });
    }

    private boolean alike(Tuple2<Settled, Settled> pair, Mode mode) {
        if (mode == Mode.HASH) {
            return pair.getT1().hash() == pair.getT2().hash();
        }
        Map<String, ?> l = state(pair.getT1());
        Map<String, ?> r = state(pair.getT2());
        if (!l.isEmpty() || !r.isEmpty()) {
            described = true;
        }
        return StateDiff.of(l, r, 0).same();
    }

    private LockstepResult ended(int length, Mode mode) {
        int steps = alike.get();
        if (length > maxSteps) {
            return LockstepResult.fails(steps, steps, Optional.empty(), "the route has " + length
                    + " steps, more than the budget of " + maxSteps + "; the first " + steps + " were alike");
        }
        if (mode == Mode.DESCRIBE && !described && steps > 0) {
            return LockstepResult.skipped("game \"" + left.file().gameId() + "\" neither hashes nor describes its "
                    + "state (VerifiableGame.stateHash, describeState): there was nothing to compare");
        }
        return LockstepResult.same(steps, "compared after each of " + steps + " steps, by "
                + (mode == Mode.HASH ? "state hash" : "described state"));
    }

    /** The result at the first pair that differs; for hashes, both games played again to describe that step. */
    private Mono<LockstepResult> parted(LockstepSide l, Tuple2<Settled, Settled> pair, Mode mode) {
        int step = pair.getT1().step().index();
        if (mode != Mode.HASH) {
            return Mono.just(parts(l, pair, StateDiff.of(state(pair.getT1()), state(pair.getT2()), maxDifferences)));
        }
        List<FieldDifference> hashes = List.of(new FieldDifference("state hash",
                HexFormat.of().toHexDigits(pair.getT1().hash()), HexFormat.of().toHexDigits(pair.getT2().hash())));
        LockstepSide l2;
        LockstepSide r2;
        try {
            l2 = LockstepSide.open(left);
            r2 = LockstepSide.open(right);
        } catch (RuntimeException e) {
            return Mono.just(parts(l, pair, hashes, hashes.size()));
        }
        return pairs(l2, r2, Mode.DESCRIBE_ONE, step).next()
                .map(again -> {
                    StateDiff diff = StateDiff.of(state(again.getT1()), state(again.getT2()), maxDifferences);
                    return diff.same() ? parts(l, pair, hashes, hashes.size()) : parts(l, pair, diff);
                })
                .defaultIfEmpty(parts(l, pair, hashes, hashes.size()));
    }

    private LockstepResult parts(LockstepSide l, Tuple2<Settled, Settled> pair, StateDiff diff) {
        return parts(l, pair, diff.differences(), diff.count());
    }

    private LockstepResult parts(LockstepSide l, Tuple2<Settled, Settled> pair, List<FieldDifference> differences,
                                 long count) {
        var step = pair.getT1().step();
        return new LockstepResult(LockstepResult.Status.PARTS, alike.get(), step.index(), Optional.of(l.command(step)),
                step.params(), differences, count, Optional.empty(), "the states differ after step " + step.index());
    }

    private static Map<String, ?> state(Settled settled) {
        Map<String, ?> state = settled.state();
        return state == null ? Map.of() : state;
    }
}
