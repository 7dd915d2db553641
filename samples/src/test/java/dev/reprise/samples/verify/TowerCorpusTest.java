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
package dev.reprise.samples.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

class TowerCorpusTest {

    private static final long SEED = 20_261_201L;

    @Test
    void generate_sameSeed_sameEntries() {
        List<TowerCorpus.Entry> first = TowerCorpus.generate(SEED, 12);
        List<TowerCorpus.Entry> second = TowerCorpus.generate(SEED, 12);

        assertThat(second).extracting(TowerCorpus.Entry::id).isEqualTo(first.stream().map(TowerCorpus.Entry::id).toList());
        for (int i = 0; i < first.size(); i++) {
            assertThat(second.get(i).bytes()).as(first.get(i).id()).isEqualTo(first.get(i).bytes());
        }
    }

    @Test
    void generate_mixesEveryKind() {
        List<TowerCorpus.Entry> corpus = TowerCorpus.generate(SEED, 20);
        Map<Outcome, Long> kinds = corpus.stream()
                .collect(Collectors.groupingBy(TowerCorpus.Entry::expected, Collectors.counting()));

        assertThat(kinds).containsOnlyKeys(Outcome.VALID, Outcome.INVALID_FILE, Outcome.DESYNC, Outcome.REJECTED);
        assertThat(kinds.get(Outcome.VALID)).isEqualTo(10);
        assertThat(corpus).extracting(TowerCorpus.Entry::id)
                .anyMatch(id -> id.contains("desync-move")).anyMatch(id -> id.contains("desync-hash"));
    }

    @Test
    void verifier_givesEveryEntryItsExpectedOutcome() {
        List<TowerCorpus.Entry> corpus = TowerCorpus.generate(SEED, 40);
        Map<String, TowerCorpus.Entry> byId = corpus.stream()
                .collect(Collectors.toMap(TowerCorpus.Entry::id, Function.identity()));
        Flux<ReplaySource> sources = Flux.fromIterable(corpus).map(e -> ReplaySource.of(e.id(), e.bytes()));

        StepVerifier.create(TowerVerification.verifier().parallelism(2).build().verify(sources).collectList())
                .assertNext(verdicts -> {
                    assertThat(verdicts).hasSize(corpus.size());
                    for (Verdict verdict : verdicts) {
                        assertThat(verdict.outcome()).as("%s: %s", verdict.id(), verdict.reason())
                                .isEqualTo(byId.get(verdict.id()).expected());
                        assertThat(corpus.get((int) verdict.position()).id()).isEqualTo(verdict.id());
                    }
                })
                .expectComplete()
                .verify(Duration.ofSeconds(120));
    }
}
