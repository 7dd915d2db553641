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
package dev.reprise.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandDictionaryTest {

    @Test
    void of_sortsByCode_andAnswersNames() {
        CommandDictionary dictionary = CommandDictionary.of(Map.of(7, "unequip", 0, "up"));

        assertThat(dictionary.asMap().keySet()).containsExactly(0, 7);
        assertThat(dictionary.name(7)).contains("unequip");
        assertThat(dictionary.name(1)).isEmpty();
        assertThat(dictionary.size()).isEqualTo(2);
    }

    @Test
    void empty_isShared_andEqualToAnEmptyBuild() {
        assertThat(CommandDictionary.builder().build()).isSameAs(CommandDictionary.empty());
        assertThat(CommandDictionary.of(Map.of())).isEqualTo(CommandDictionary.empty());
    }

    @Test
    void builder_refusesBadEntriesAtOnce() {
        CommandDictionary.Builder builder = CommandDictionary.builder();

        assertThatThrownBy(() -> builder.put(-1, "x")).hasMessageContaining("outside 0..65535");
        assertThatThrownBy(() -> builder.put(65_536, "x")).hasMessageContaining("outside 0..65535");
        assertThatThrownBy(() -> builder.put(3, "")).hasMessageContaining("empty");
        assertThatThrownBy(() -> builder.put(3, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void asMap_isUnmodifiable() {
        assertThatThrownBy(() -> CommandDictionary.of(Map.of(1, "a")).asMap().put(2, "b"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
