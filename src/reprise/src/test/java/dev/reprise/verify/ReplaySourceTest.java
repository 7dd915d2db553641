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
package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link ReplaySource#of(String, byte[])}: a value that owns a copy of the bytes. */
class ReplaySourceTest {

    @Test
    void ofBytes_copiesOnTheWayIn_theCallerMayReuseItsArray() {
        byte[] bytes = {1, 2, 3};
        ReplaySource.FromBytes source = (ReplaySource.FromBytes) ReplaySource.of("a", bytes);
        int hash = source.hashCode();
        bytes[0] = 9;
        assertThat(source.bytes()).containsExactly(1, 2, 3);
        assertThat(source.hashCode()).isEqualTo(hash);
        assertThat(source).isNotEqualTo(ReplaySource.of("a", bytes));
    }

    @Test
    void bytes_returnsACopy_changingItChangesNothing() {
        ReplaySource.FromBytes source = (ReplaySource.FromBytes) ReplaySource.of("a", new byte[] {1, 2, 3});
        byte[] out = source.bytes();
        out[1] = 7;
        assertThat(source.bytes()).containsExactly(1, 2, 3).isNotSameAs(out);
    }

    @Test
    void equals_sameIdAndBytes_isEqualWithTheSameHashCode() {
        ReplaySource a = ReplaySource.of("a", new byte[] {1, 2, 3});
        assertThat(a).isEqualTo(ReplaySource.of("a", new byte[] {1, 2, 3}))
                .hasSameHashCodeAs(ReplaySource.of("a", new byte[] {1, 2, 3}))
                .isNotEqualTo(ReplaySource.of("b", new byte[] {1, 2, 3}))
                .isNotEqualTo(ReplaySource.of("a", new byte[] {1, 2}))
                .isNotEqualTo(ReplaySource.of("a", java.nio.file.Path.of("a")))
                .isNotEqualTo(null);
    }

    @Test
    void toString_givesIdAndSizeNotBytes() {
        assertThat(ReplaySource.of("a.rpl", new byte[1234])).hasToString("FromBytes[id=a.rpl, 1234 bytes]");
    }

    @Test
    void ofBytes_nullPart_throws() {
        assertThatThrownBy(() -> ReplaySource.of(null, new byte[0])).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ReplaySource.of("a", (byte[]) null)).isInstanceOf(NullPointerException.class);
    }
}
