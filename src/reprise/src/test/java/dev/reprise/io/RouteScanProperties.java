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
package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.testing.SeededCases;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link RouteScan} accepts and refuses exactly what {@code ReplayArray.loadState} does. */
class RouteScanProperties {

    @Test
    void scan_agreesWithLoadState_onDamagedRoutes() {
        SeededCases.check(2000, gen -> scanAgreesWithLoadState(RandomRoutes.route(gen, 60), gen.longs()));
    }

    private static void scanAgreesWithLoadState(ReplaySave save, long seed) {
        Random random = new Random(seed);
        byte[] commands = save.commandBytes();
        byte[] params = save.paramBytes();
        for (int i = random.nextInt(3); i >= 0; i--) {
            if (commands.length > 0 && random.nextBoolean()) {
                commands[random.nextInt(commands.length)] = (byte) random.nextInt(256);
            } else if (params.length > 0) {
                params[random.nextInt(params.length)] = (byte) random.nextInt(256);
            }
        }
        ReplaySave damaged = new ReplaySave(save.length(), save.commandWidth(), ByteBuffer.wrap(commands),
                ByteBuffer.wrap(params));
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().commandWidth(save.commandWidth()).build());

        ReplayFormatException byRoute = catchThrowableOfType(ReplayFormatException.class, () -> array.loadState(damaged));
        ReplayFormatException byScan = catchThrowableOfType(ReplayFormatException.class,
                () -> RouteScan.scan(commands, 0, save.length(), save.commandWidth().entrySize(), params, 0,
                        params.length, -1));

        assertThat(byScan == null).as("scan accepts iff loadState does: %s / %s", byRoute, byScan)
                .isEqualTo(byRoute == null);
        if (byRoute != null) {
            assertThat(byScan.stepIndex()).isEqualTo(byRoute.stepIndex());
            assertThat(byScan.byteOffset()).isEqualTo(byRoute.byteOffset());
        } else {
            assertThat(RouteScan.scan(commands, 0, save.length(), save.commandWidth().entrySize(), params, 0,
                    params.length, -1)).isEqualTo(array.paramByteCount());
        }
    }
}
