package dev.reprise.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.CommandDictionary;
import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReplayToolTest {

    @TempDir
    Path folder;

    private Path replay;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void writeReplay() throws IOException {
        ReplayArray route = new ReplayArray();
        route.add(0);
        route.add(0);
        route.add(1);
        route.add(4, 6, 2);
        route.add(10, "MT1", true, Double.NaN);
        replay = folder.resolve("run.rpl");
        ReplayFile.builder(route.saveState()).gameId("tower").gameBuild("2.8.2").metadata("player", "Ada")
                .dictionary(CommandDictionary.of(Map.of(0, "up", 1, "right", 4, "teleport", 10, "fly")))
                .build().write(replay);
    }

    private int run(String... args) {
        CommandLine tool = ReplayTool.commandLine();
        tool.setOut(new PrintWriter(out, true));
        tool.setErr(new PrintWriter(err, true));
        return tool.execute(args);
    }

    @Test
    void info_printsHeaderCountsAndHistogram() {
        assertThat(run("info", replay.toString())).isZero();

        assertThat(out.toString())
                .contains("format          2.0, compressed body")
                .contains("game            tower (build 2.8.2)")
                .contains("steps           5 (command width UINT8)")
                .contains("bytes per step")
                .contains("meta            player = Ada")
                .containsPattern("\\s0  up\\s+2\\s+40\\.00%")
                .containsPattern("\\s10  fly\\s+1\\s+20\\.00%");
    }

    @Test
    void dump_printsTextLines() {
        assertThat(run("dump", replay.toString())).isZero();

        assertThat(out.toString().lines()).containsExactly("0: 0 up", "1: 0 up", "2: 1 right", "3: 4 teleport 6 2",
                "4: 10 fly \"MT1\" true NaN");
    }

    @Test
    void dump_printsJson_withPaging() {
        assertThat(run("dump", "--format", "JSON", "--from", "3", "--limit", "2", replay.toString())).isZero();

        assertThat(out.toString()).isEqualTo("[\n"
                + "  {\"index\": 3, \"code\": 4, \"name\": \"teleport\", \"params\": [6, 2]},\n"
                + "  {\"index\": 4, \"code\": 10, \"name\": \"fly\", \"params\": [\"MT1\", true, \"NaN\"]}\n"
                + "]\n");
    }

    @Test
    void verify_acceptsAValidFile_andRefusesACorruptOne() throws IOException {
        assertThat(run("verify", replay.toString())).isZero();
        assertThat(out.toString()).startsWith("OK: ").contains("5 steps");

        byte[] bytes = Files.readAllBytes(replay);
        bytes[bytes.length - 2] ^= 1;
        Path corrupt = folder.resolve("corrupt.rpl");
        Files.write(corrupt, bytes);

        assertThat(run("verify", corrupt.toString())).isEqualTo(1);
        assertThat(err.toString()).startsWith("INVALID: Checksum mismatch");
    }

    @Test
    void convert_switchesCompression_andKeepsTheRoute() throws IOException {
        Path plain = folder.resolve("plain.rpl");

        assertThat(run("convert", "--compression", "NONE", replay.toString(), plain.toString())).isZero();

        ReplayFile original = ReplayFile.read(replay);
        ReplayFile converted = ReplayFile.read(plain);
        assertThat(converted.compression()).isEqualTo(Compression.NONE);
        assertThat(converted.toBuilder().compression(Compression.DEFLATE).build()).isEqualTo(original);
        assertThat(out.toString()).contains("-> " + plain).contains("NONE");
    }

    @Test
    void missingFile_isReportedAsInvalid() {
        assertThat(run("info", folder.resolve("none.rpl").toString())).isEqualTo(1);
        assertThat(err.toString()).startsWith("INVALID: ");
    }

    @Test
    void noCommand_isAUsageError() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing command");
    }

    @Test
    void sample_writesAValidFile() throws IOException {
        Path sample = folder.resolve("sample.rpl");

        assertThat(run("sample", sample.toString())).isZero();

        assertThat(ReplayFile.read(sample).route().length()).isEqualTo(45);
        assertThat(run("verify", sample.toString())).isZero();
    }
}
