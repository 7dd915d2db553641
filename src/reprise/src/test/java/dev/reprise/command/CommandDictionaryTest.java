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
