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
package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The viewer's command line: picocli options into {@link ViewerOptions}, usage errors as one line and exit 2. */
class ViewerCommandTest {

    @Test
    void options_areReadIntoTheViewerOptions() {
        ViewerCommand command = new ViewerCommand();
        new CommandLine(command).parseArgs("--dir", "replays", "--port", "8123", "--host", "0.0.0.0", "--no-live",
                "--max-connections", "12", "--upload-budget", "2000000", "--idle-timeout", "1500",
                "--header-timeout", "700", "--session-budget", "50000000");
        ViewerOptions options = command.options();
        assertThat(command.noLive).isTrue();
        assertThat(options.live()).isFalse();
        assertThat(options.folder()).isEqualTo(Path.of("replays"));
        assertThat(options.port()).isEqualTo(8123);
        assertThat(options.host()).isEqualTo("0.0.0.0");
        assertThat(options.sessionBudget()).isEqualTo(50_000_000);
        assertThat(options.limits()).isEqualTo(ServerLimits.defaults().withMaxConnections(12)
                .withTimeouts(Duration.ofMillis(1500), Duration.ofMillis(700)).withUploadBudget(2_000_000));
    }

    @Test
    void accessOptions_areReadIntoTheViewerOptions() {
        ViewerCommand command = new ViewerCommand();
        new CommandLine(command).parseArgs("--allow-host", "viewer.example.com,box.local", "--allow-host", "[::1]",
                "--allow-origin", "https://dash.example.com", "--token", "a-fixed-token-for-scripts");
        ViewerOptions options = command.options();
        assertThat(options.allowedHosts()).containsExactly("viewer.example.com", "box.local", "[::1]");
        assertThat(options.allowedOrigins()).containsExactly("https://dash.example.com");
        assertThat(options.accessTokenRequired()).isTrue();
        assertThat(options.accessToken()).contains("a-fixed-token-for-scripts");

        ViewerCommand open = new ViewerCommand();
        new CommandLine(open).parseArgs("--no-token");
        assertThat(open.options().accessTokenRequired()).isFalse();
        assertThat(open.options().accessToken()).isEmpty();
    }

    @Test
    void builds_isReadIntoTheViewerOptions(@TempDir Path dir) {
        ViewerCommand command = new ViewerCommand();
        new CommandLine(command).parseArgs("--builds", dir.toString());
        assertThat(command.options().builds()).contains(dir);
        assertThat(ViewerOptions.defaults(dir).builds()).isEmpty();
    }

    @Test
    void builds_aFolderWithoutGameJars_isOneLine_andExitCode1(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("notes.jar"), "not a jar");
        StringWriter err = new StringWriter();
        CommandLine line = ViewerCommand.commandLine();
        line.setErr(new PrintWriter(err));
        assertThat(line.execute("--builds", dir.toString(), "--no-live")).isEqualTo(1);
        assertThat(err.toString()).startsWith("viewer: no game jar in " + dir + " lists a dev.reprise.viewer.ViewerGame")
                .contains("notes.jar cannot be loaded").hasLineCount(1);
    }

    @Test
    void noOptions_giveTheDefaults() {
        ViewerCommand command = new ViewerCommand();
        new CommandLine(command).parseArgs();
        assertThat(command.options()).usingRecursiveComparison().isEqualTo(ViewerOptions.defaults(Path.of(".")));
        assertThat(command.noLive).isFalse();
    }

    @Test
    void help_printsTheUsageAndHowGamesPlugIn_andExitCode0() {
        StringWriter out = new StringWriter();
        CommandLine line = ViewerCommand.commandLine();
        line.setOut(new PrintWriter(out));
        assertThat(line.execute("--help")).isZero();
        assertThat(out.toString()).contains("--dir", "--no-live", "--upload-budget", "--session-budget",
                "--allow-host", "--allow-origin", "--token", "--no-token", "--builds", "dev.reprise.viewer.ViewerGame",
                "dev.reprise.viewer.ViewerMain");
    }

    @Test
    void portInUse_isOneLineNamingTheAddress_andExitCode2(@TempDir Path dir) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            StringWriter err = new StringWriter();
            CommandLine line = ViewerCommand.commandLine();
            line.setErr(new PrintWriter(err));
            int port = taken.getLocalPort();
            assertThat(line.execute("--dir", dir.toString(), "--port", Integer.toString(port), "--no-live")).isEqualTo(2);
            assertThat(err.toString()).startsWith("viewer: cannot listen on 127.0.0.1:" + port + ": ")
                    .contains("Address already in use").endsWith(System.lineSeparator())
                    .hasLineCount(1);
        }
    }

    @Test
    void badUsage_isOneLine_andExitCode2() {
        for (String[] args : new String[][] {{"--warp"}, {"--port", "many"}, {"--port", "70000"}, {"--max-connections", "0"}, {"--session-budget", "1000"},
                {"--allow-host", "http://viewer.example.com"}, {"--allow-origin", "https://dash.example.com/path"},
                {"--token", "short"}, {"--token", "a-fixed-token-for-scripts", "--no-token"},
                {"--builds", "no-such-folder"}, {"--builds", "pom.xml"}}) {
            StringWriter err = new StringWriter();
            CommandLine line = ViewerCommand.commandLine();
            line.setErr(new PrintWriter(err));
            assertThat(line.execute(args)).as(String.join(" ", args)).isEqualTo(2);
            assertThat(err.toString()).as(String.join(" ", args)).startsWith("viewer: ").endsWith("(see --help)"
                    + System.lineSeparator()).doesNotContain("\tat ");
        }
    }
}
