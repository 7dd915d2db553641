package dev.reprise.samples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LocalPipelineTest {

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void run_brokerTwoWorkersAndASubmitter_exactlyOneVerdictPerSubmission() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean exact = LocalPipeline.run(12, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(exact).as(out).isTrue();
        assertThat(out).contains("broker: ", "workers: local-1, local-2", "12 verdicts in ", " verdicts/s",
                "committed verdicts: 12 submissions, 12 with exactly one verdict of the expected outcome, 12 verdicts"
                        + " in all: OK");
        assertThat(out.lines().filter(line -> line.contains("VALID ") || line.contains("DESYNC ")
                || line.contains("INVALID_FILE ") || line.contains("REJECTED "))).hasSizeGreaterThanOrEqualTo(12);
    }
}
