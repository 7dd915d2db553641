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
