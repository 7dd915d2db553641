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
package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SubmitArgumentsTest {

    private static SubmitArguments parse(String... args) {
        return SubmitArguments.parse(args);
    }

    @Test
    void parse_optionsInBothForms_setTheWorkerKeys_andPathsKeepTheirOrder() {
        SubmitArguments arguments = parse("b.reprise", "--bootstrap-servers=localhost:9092", "--submissions-topic",
                "subs", "--verdicts-topic=verdicts", "--config", "worker.properties", "--timeout=5", "--json", "a");

        assertThat(arguments.options()).isEqualTo(Map.of("kafka.bootstrap.servers", "localhost:9092",
                "submissions.topic", "subs", "verdicts.topic", "verdicts"));
        assertThat(arguments.config()).contains(Path.of("worker.properties"));
        assertThat(arguments.timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(arguments.json()).isTrue();
        assertThat(arguments.paths()).containsExactly(Path.of("b.reprise"), Path.of("a"));
    }

    @Test
    void parse_pathsOnly_takeTheDefaults() {
        SubmitArguments arguments = parse("replays");

        assertThat(arguments.options()).isEmpty();
        assertThat(arguments.config()).isEqualTo(Optional.empty());
        assertThat(arguments.timeout()).isEqualTo(SubmitArguments.DEFAULT_TIMEOUT);
        assertThat(arguments.json()).isFalse();
    }

    @Test
    void parse_afterDoubleDash_everythingIsAPath() {
        assertThat(parse("--", "--json", "-x.reprise").paths()).isEqualTo(List.of(Path.of("--json"),
                Path.of("-x.reprise")));
    }

    @Test
    void parse_unknownOption_isRefusedWithTheUsage() {
        assertThatThrownBy(() -> parse("--bootstrap=localhost:9092", "a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(SubmitArguments.USAGE + ": unknown option '--bootstrap=localhost:9092'");
    }

    @Test
    void parse_anOptionGivenTwice_isRefused() {
        assertThatThrownBy(() -> parse("--verdicts-topic=a", "--verdicts-topic=b", "x"))
                .hasMessageEndingWith(": --verdicts-topic is given twice");
        assertThatThrownBy(() -> parse("--json", "--json", "x")).hasMessageEndingWith(": --json is given twice");
    }

    @Test
    void parse_anOptionWithoutAValue_isRefused() {
        assertThatThrownBy(() -> parse("x", "--timeout")).hasMessageEndingWith(": --timeout needs a value");
        assertThatThrownBy(() -> parse("--bootstrap-servers=", "x"))
                .hasMessageEndingWith(": --bootstrap-servers needs a value");
    }

    @Test
    void parse_noPath_isRefused() {
        assertThatThrownBy(() -> parse("--json")).hasMessageEndingWith(": no replay file or folder given");
    }

    @Test
    void parse_timeoutOutOfRangeOrNotANumber_namesTheRange() {
        assertThatThrownBy(() -> parse("--timeout=0", "x"))
                .hasMessage("--timeout: must be from 1 to 86400 seconds, was 0");
        assertThatThrownBy(() -> parse("--timeout=86401", "x"))
                .hasMessage("--timeout: must be from 1 to 86400 seconds, was 86401");
        assertThatThrownBy(() -> parse("--timeout=5s", "x"))
                .hasMessage("--timeout: not a whole number of seconds: '5s'");
    }
}
