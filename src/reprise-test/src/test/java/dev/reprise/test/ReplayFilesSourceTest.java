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
package dev.reprise.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.reprise.shrink.ReplayCases;
import dev.reprise.verify.ReplaySource;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs small test classes using {@link ReplayFilesSource} in an engine of their own (JUnit's
 * {@link EngineTestKit}) over folders made for them under {@code target/}, and checks what the engine
 * reports: the invocations, their names, and the failures.
 */
class ReplayFilesSourceTest {

    private static final String ROOT = "target/replay-files-source-test/";

    @BeforeAll
    static void folders() throws IOException {
        Path root = Path.of(ROOT);
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Path nested = root.resolve("nested");
        CounterReplays.write(nested, "levels/deep/c.reprise", CounterReplays.valid());
        CounterReplays.write(nested, "a.reprise", CounterReplays.valid());
        CounterReplays.write(nested, "levels/b.reprise", CounterReplays.valid());
        CounterReplays.write(nested, "levels/readme.txt", new byte[] {1});
        Files.createDirectories(root.resolve("empty/sub"));
        Files.createSymbolicLink(root.resolve("linked"), Path.of("nested"));
        Path broken = root.resolve("broken");
        CounterReplays.write(broken, "good.reprise", CounterReplays.valid());
        CounterReplays.write(broken, "junk.reprise", new byte[] {1, 2, 3});
        Files.createSymbolicLink(broken.resolve("gone.reprise"), broken.resolve("deleted-long-ago"));
    }

    @Test
    void nestedFolder_oneInvocationPerFile_namedByRelativePath_sorted() {
        Events tests = run(Nested.class).testEvents();

        tests.assertStatistics(stats -> stats.started(3).succeeded(3).failed(0));
        assertThat(tests.started().stream().map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactly("[1] a.reprise", "[2] levels/b.reprise", "[3] levels/deep/c.reprise");
    }

    @Test
    void aFolderGivenThroughASymlink_isWalked() {
        Events tests = run(Linked.class).testEvents();

        tests.assertStatistics(stats -> stats.started(3).succeeded(3).failed(0));
        assertThat(tests.started().stream().map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactly("[1] a.reprise", "[2] levels/b.reprise", "[3] levels/deep/c.reprise");
    }

    @Test
    void argumentSetName_isTheRelativePath() {
        Events tests = run(NamedByPath.class).testEvents();

        assertThat(tests.started().stream().map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactly("a.reprise", "levels/b.reprise", "levels/deep/c.reprise");
    }

    @Test
    void emptyFolder_failsNamingTheFolder() {
        assertThat(containerFailure(Empty.class))
                .hasMessageContaining("@ReplayFilesSource(\"" + ROOT + "empty\"): no replay file (*.reprise) under ")
                .hasMessageContaining("allowEmpty");
    }

    @Test
    void emptyFolder_allowedEmpty_makesNoInvocation() {
        EngineExecutionResults results = run(AllowedEmpty.class);

        results.allEvents().assertStatistics(stats -> stats.failed(0));
        results.testEvents().assertStatistics(stats -> stats.started(0));
    }

    @Test
    void missingFolder_failsNamingIt() {
        assertThat(containerFailure(Missing.class))
                .hasMessageContaining("@ReplayFilesSource(\"" + ROOT + "missing\"): no such file or folder: ");
    }

    @Test
    void unreadableFiles_getTheirOwnFailingInvocation_theOthersPass() {
        Events tests = run(Broken.class).testEvents();

        tests.assertStatistics(stats -> stats.started(3).succeeded(1).failed(2));
        List<String> failures = tests.failed().stream().map(ReplayFilesSourceTest::failureOf)
                .map(Throwable::getMessage).toList();
        assertThat(failures).hasSize(2);
        assertThat(failures.get(0)).startsWith("replay gone.reprise: expected VALID, was:\n  gone.reprise: INVALID_FILE");
        assertThat(failures.get(1)).startsWith("replay junk.reprise: expected VALID, was:\n  junk.reprise: INVALID_FILE");
    }

    @Test
    void aFolderThatCannotBeListed_failsItsInvocationWithTheProblemFoundWhileWalking() throws IOException {
        // Simulated: the tests may run as root, who can list any folder (see the real one below).
        Path folder = Files.createDirectories(Path.of(ROOT, "simulated/locked"));
        ReplayCases.Found found = new ReplayCases.Found(folder, "locked",
                Optional.of(new AccessDeniedException(folder.toString())));
        ReplaySource replay = (ReplaySource) ReplayFilesProvider.arguments(found,
                new Class<?>[] {ReplaySource.class})[0];

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(replay, CounterReplays.VERIFIER))
                .hasMessageStartingWith("replay locked: expected VALID, was:\n  locked: INVALID_FILE")
                .hasMessageContaining("cannot be read: java.nio.file.AccessDeniedException: " + folder)
                .hasMessageNotContaining("not a regular file");
    }

    @Test
    void anUnreadableSubfolder_failsItsInvocation_asAssertReplaysDoes() throws IOException {
        Path locked = Files.createDirectories(Path.of(ROOT, "unreadable/locked"));
        CounterReplays.write(Path.of(ROOT, "unreadable"), "good.reprise", CounterReplays.valid());
        Files.setPosixFilePermissions(locked, Set.of());
        try {
            assumeFalse(Files.isReadable(locked), "the folder stays readable (running as root)");

            Events tests = run(Unreadable.class).testEvents();

            tests.assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
            assertThat(failureOf(tests.failed().list().get(0)))
                    .hasMessageContaining("locked: INVALID_FILE").hasMessageContaining("AccessDeniedException");
            Path unreadable = Path.of(ROOT, "unreadable");
            assertThatThrownBy(() -> ReplayAssertions.assertReplays(unreadable, CounterReplays.VERIFIER))
                    .hasMessageContaining("locked: INVALID_FILE").hasMessageContaining("AccessDeniedException");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static EngineExecutionResults run(Class<?> testClass) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute();
    }

    private static Throwable containerFailure(Class<?> testClass) {
        List<Event> failed = run(testClass).containerEvents().failed().list();
        assertThat(failed).as("a failed container").isNotEmpty();
        return failureOf(failed.get(0));
    }

    private static Throwable failureOf(Event event) {
        return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow();
    }

    // The classes below run only inside EngineTestKit (surefire skips nested classes).

    static class Nested {
        @ParameterizedTest
        @ReplayFilesSource(ROOT + "nested")
        void eachFile(ReplaySource replay, Path path, String relative) {
            assertThat(replay.id()).isEqualTo(relative);
            assertThat(((ReplaySource.FromPath) replay).path()).isEqualTo(path);
            assertThat(path.toString().replace('\\', '/')).endsWith(relative);
            ReplayAssertions.assertReplays(replay, CounterReplays.VERIFIER);
        }
    }

    static class Linked {
        @ParameterizedTest
        @ReplayFilesSource(ROOT + "linked")
        void eachFile(ReplaySource replay, Path path) {
            assertThat(path).startsWith(Path.of(ROOT + "linked"));
            ReplayAssertions.assertReplays(replay, CounterReplays.VERIFIER);
        }
    }

    static class Unreadable {
        @ParameterizedTest
        @ReplayFilesSource(ROOT + "unreadable")
        void eachFile(ReplaySource replay) {
            ReplayAssertions.assertReplays(replay, CounterReplays.VERIFIER);
        }
    }

    static class NamedByPath {
        @ParameterizedTest(name = "{argumentSetName}")
        @ReplayFilesSource(ROOT + "nested")
        void eachFile(Path replay) {
        }
    }

    static class Empty {
        @ParameterizedTest
        @ReplayFilesSource(ROOT + "empty")
        void eachFile(ReplaySource replay) {
        }
    }

    static class AllowedEmpty {
        @ParameterizedTest(allowZeroInvocations = true)
        @ReplayFilesSource(value = ROOT + "empty", allowEmpty = true)
        void eachFile(ReplaySource replay) {
        }
    }

    static class Missing {
        @ParameterizedTest
        @ReplayFilesSource(ROOT + "missing")
        void eachFile(Path replay) {
        }
    }

    static class Broken {
        @ParameterizedTest
        @ReplayFilesSource(ROOT + "broken")
        void eachFile(ReplaySource replay) {
            ReplayAssertions.assertReplays(replay, CounterReplays.VERIFIER);
        }
    }
}
