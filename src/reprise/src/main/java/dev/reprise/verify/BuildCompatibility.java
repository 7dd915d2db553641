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

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * The compatibility report of a set of replays with the installed build of their game: plays each replay
 * on the build the verifier plays, whatever build recorded it, and says whether it reproduces, where it
 * diverges first, where it fails, or that it cannot be read ({@link Reproduction}). Before an update, it
 * tells which replays of the old build still reproduce on the new one; in CI, it is a release gate; with
 * {@code git bisect run}, it finds the commit that broke a replay. The replay tool's {@code compat}
 * command and the test kit's {@code ReplayAssertions.assertCompatible} print it.
 *
 * <p>It runs on the verifier, with its parallelism, budgets, backpressure and its declared upgrades (a
 * replay of an older build is upgraded first, and {@link Reproduction#upgraded()} says so). Give it a
 * verifier that plays any build, as {@code provider.verifier()} makes it: a verifier limited to
 * {@linkplain ReplayVerifier.Builder#gameBuilds some builds} reports the others as failing
 * ({@link Outcome#UNKNOWN_BUILD}).
 *
 * <p>Immutable and thread-safe.
 */
public final class BuildCompatibility {

    private final ReplayVerifier verifier;

    private BuildCompatibility(ReplayVerifier verifier) {
        this.verifier = verifier;
    }

    /**
     * Returns the report of replays played with {@code verifier}.
     *
     * @param verifier the installed build's verifier
     * @return the report
     */
    public static BuildCompatibility of(ReplayVerifier verifier) {
        return new BuildCompatibility(Objects.requireNonNull(verifier, "verifier"));
    }

    /**
     * Plays every replay of {@code sources} and tells whether each reproduces.
     *
     * @param sources the replays; requested as the verifier takes them
     * @return a cold Flux of one reproduction per source, in the order they finish (their
     *     {@linkplain Reproduction#position() position} tells the source's place), with the demand, errors
     *     and cancellation of {@link ReplayVerifier#verify(Publisher)}
     */
    public Flux<Reproduction> check(Publisher<ReplaySource> sources) {
        Objects.requireNonNull(sources, "sources");
        return Flux.defer(() -> {
            // What each replay's verification learnt, by position, until its verdict comes by.
            Map<Long, Inspection> learnt = new ConcurrentHashMap<>();
            Inspection.Listener listener = (verdict, inspection) -> learnt.put(verdict.position(), inspection);
            return verifier.verify(sources)
                    .map(verdict -> Reproduction.of(verdict, learnt.remove(verdict.position())))
                    .contextWrite(Context.of(Inspection.KEY, listener));
        });
    }

    /**
     * Plays one replay and tells whether it reproduces.
     *
     * @param source the replay
     * @return a cold Mono of its reproduction, at position 0
     */
    public Mono<Reproduction> check(ReplaySource source) {
        Objects.requireNonNull(source, "source");
        return check(Mono.just(source)).single();
    }

    /**
     * Returns the verifier it plays replays with, for logs.
     *
     * @return e.g. {@code BuildCompatibility[ReplayVerifier[...]]}
     */
    @Override
    public String toString() {
        return "BuildCompatibility[" + verifier + "]";
    }
}
