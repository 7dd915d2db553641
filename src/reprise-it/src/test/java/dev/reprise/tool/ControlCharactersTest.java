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

import dev.reprise.command.CommandDictionary;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every string the tool prints from a file (game id, build, metadata, command names) is escaped: an ESC
 * sequence or a line break in a file can neither drive the terminal nor forge a line of output.
 */
class ControlCharactersTest {

    /** An ESC sequence (red text), a forged line, and a C1 control (CSI) and a bidi override. */
    private static final String HOSTILE = "x\u001b[31m\nverified  VALID\r\u009b2J\u202e";
    private static final String ESCAPED = "x\\u001b[31m\\nverified  VALID\\r\\u009b2J\\u202e";

    @TempDir
    Path folder;

    private Path replay;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void writeReplay() throws IOException {
        ReplayArray route = new ReplayArray();
        route.add(0);
        route.add(1, "p" + HOSTILE);
        replay = folder.resolve("hostile.reprise");
        ReplayFile.builder(route.saveState()).gameId("game" + HOSTILE).gameBuild("build" + HOSTILE)
                .metadata("key" + HOSTILE, "value" + HOSTILE)
                .dictionary(CommandDictionary.of(Map.of(0, "up" + HOSTILE, 1, "fly" + HOSTILE)))
                .build().write(replay);
    }

    private static void assertNoControls(String printed) {
        assertThat(printed.replace(System.lineSeparator(), "\n").chars()
                .filter(c -> c != '\n' && (Character.isISOControl(c) || c == '\u202e')))
                .as(printed).isEmpty();
    }

    @Test
    void info_escapesGameIdBuildMetadataAndCommandNames() {
        assertThat(ToolRun.run(out, err, "info", replay.toString())).as(err.toString()).isZero();

        String printed = out.toString();
        assertNoControls(printed);
        assertThat(printed).contains("game            game" + ESCAPED + " (build build" + ESCAPED + ")")
                .contains("meta            key" + ESCAPED + " = value" + ESCAPED)
                .contains("up" + ESCAPED).contains("fly" + ESCAPED)
                .doesNotContain("\nverified");
    }

    @Test
    void dumpText_escapesCommandNames_andQuotesParams() {
        assertThat(ToolRun.run(out, err, "dump", replay.toString())).as(err.toString()).isZero();

        assertNoControls(out.toString());
        assertThat(out.toString().lines()).containsExactly("0: 0 up" + ESCAPED,
                "1: 1 fly" + ESCAPED + " \"p" + ESCAPED + "\"");
    }

    @Test
    void dumpJson_escapesNamesAndParams() {
        assertThat(ToolRun.run(out, err, "dump", "--format", "JSON", replay.toString())).as(err.toString()).isZero();

        assertNoControls(out.toString());
        assertThat(out.toString()).contains("\"name\": \"fly" + ESCAPED + "\"").contains("\"p" + ESCAPED + "\"");
    }

    @Test
    void aFailureQuotingAFileName_isOneEscapedLine() throws IOException {
        Path hostile = folder.resolve("bad" + "\u001b[31m\nforged" + ".reprise");
        Files.write(hostile, new byte[] {1, 2, 3});

        assertThat(ToolRun.run(out, err, "check", hostile.toString())).isEqualTo(ReplayTool.FAILED);

        assertNoControls(err.toString());
        assertThat(err.toString().lines()).singleElement().asString().contains("\\u001b[31m\\nforged");
    }

    @Test
    void verify_escapesIdsAndReasons_inTheSummary_andInJsonLines() throws IOException {
        Path replays = Files.createDirectory(folder.resolve("replays"));
        Files.write(replays.resolve("bad" + HOSTILE.replace("\n", "") + ".reprise"), new byte[] {1, 2, 3});

        assertThat(ToolRun.run(out, err, "verify", "--json", replays.toString())).isEqualTo(ReplayTool.FAILED);
        assertThat(ToolRun.run(out, err, "verify", replays.toString())).isEqualTo(ReplayTool.FAILED);

        assertNoControls(out.toString());
        assertNoControls(err.toString());
        assertThat(out.toString()).contains("\\u009b2J").contains("\\u202e");
    }
}
