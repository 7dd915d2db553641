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
package dev.reprise.diagnostic;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** {@link ReplayException}: a closed family, so a {@code switch} over a failure can name every kind. */
class ReplayExceptionTest {

    @Test
    void replayException_isSealed_andEveryKindIsFinal() {
        Class<?>[] kinds = ReplayException.class.getPermittedSubclasses();

        assertThat(ReplayException.class.isSealed()).isTrue();
        assertThat(kinds).extracting(Class::getSimpleName).containsExactlyInAnyOrder("ReplayDesyncException",
                "ReplayMismatchException", "ReplayPlaybackException", "RecordedOverflowException",
                "ReplayCapacityException", "ReplayFormatException");
        assertThat(kinds).allSatisfy(kind -> assertThat(Modifier.isFinal(kind.getModifiers())).as(kind.getName()).isTrue());
    }
}
