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
package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.samples.Demo;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the replay tool's command lines as the README writes them (the arguments given to the tool jar),
 * after the README's first command (the demo, which writes {@code target/demo/tower.reprise}), in the
 * project folder as Maven does. {@code ToolJarsIT} runs the jar itself.
 */
class ReadmeToolExamplesTest {

    /** The tool jar run alone, or with the samples' classes (the tower game's provider) on the class path. */
    private static final Pattern TOOL_LINE = Pattern.compile(
            "^java (?:-jar src/reprise-tool/target/reprise-tool-(\\S+)-all\\.jar"
                    + "|-cp src/reprise-tool/target/reprise-tool-(\\S+)-all\\.jar:samples/target/classes "
                    + "dev\\.reprise\\.tool\\.ReplayTool) (.*)$",
            Pattern.MULTILINE);

    @BeforeAll
    static void runTheDemo() throws IOException {
        Demo.run(Demo.SEED, TowerGenerator.DEFAULT_FLOORS, Path.of("target/demo"),
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8), Duration.ZERO);
    }

    @Test
    void everyToolCommandInTheReadme_runsAsWritten() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        Matcher lines = TOOL_LINE.matcher(readme);
        List<String[]> commands = lines.results().map(line -> new String[] {
            line.group(1) != null ? line.group(1) : line.group(2), line.group(3)}).toList();

        assertThat(commands).as("the README shows the tool's info and verify commands")
                .anySatisfy(command -> assertThat(command[1]).startsWith("info "))
                .anySatisfy(command -> assertThat(command[1]).startsWith("verify "));
        for (String[] command : commands) {
            assertThat(command[0]).as("the jar's version").isEqualTo(ToolVersion.version());
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();

            int status = ToolRun.run(out, err, command[1].split(" "));

            assertThat(status).as("%s%n%s", command[1], err).isZero();
            assertThat(err.toString()).isEmpty();
            if (command[1].startsWith("info ")) {
                assertThat(out.toString()).startsWith("file            target/demo/tower.reprise")
                        .contains("game            " + TowerCommands.GAME_ID);
            }
            if (command[1].startsWith("verify ")) {
                assertThat(out.toString()).startsWith("verified 1 replay in ").contains(": all valid");
            }
        }
    }
}
