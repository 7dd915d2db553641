package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ServerLimitsTest {

    @Test
    void withKeptUploads_changesBothKeptUploadLimits_andNothingElse() {
        ServerLimits limits = ServerLimits.defaults().withKeptUploads(3, Duration.ofSeconds(20));

        assertThat(limits.maxKeptUploads()).isEqualTo(3);
        assertThat(limits.uploadLifetime()).isEqualTo(Duration.ofSeconds(20));
        assertThat(limits.withKeptUploads(ServerLimits.defaults().maxKeptUploads(),
                ServerLimits.defaults().uploadLifetime())).isEqualTo(ServerLimits.defaults());
    }

    @Test
    void withKeptUploads_outOfRange_throwsNamingTheLimit() {
        assertThatThrownBy(() -> ServerLimits.defaults().withKeptUploads(0, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxKeptUploads");
        assertThatThrownBy(() -> ServerLimits.defaults().withKeptUploads(1, Duration.ofMillis(99)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("uploadLifetime");
    }
}
