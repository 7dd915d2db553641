package dev.reprise;

import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * An immutable table from command code to command and name. Lookups are an array index, so playback
 * resolves a code without boxing or hashing; a registration makes a new table (registrations are rare).
 */
final class CommandRegistry {

    /** The largest code a route can hold (a 16-bit command width). */
    static final int MAX_CODE = 0xFFFF;

    static final CommandRegistry EMPTY = new CommandRegistry(new ReplayCommand[0], Map.of());

    private final ReplayCommand[] byCode;
    private final Map<Integer, String> names;

    private CommandRegistry(ReplayCommand[] byCode, Map<Integer, String> names) {
        this.byCode = byCode;
        this.names = names;
    }

    @Nullable
    ReplayCommand get(int code) {
        return code >= 0 && code < byCode.length ? byCode[code] : null;
    }

    /** @return an unmodifiable map from code to name, in code order */
    Map<Integer, String> names() {
        return names;
    }

    /** @return a table with the code's command and name set, added or replacing the current ones */
    CommandRegistry with(int code, String name, ReplayCommand command) {
        ReplayCommand[] table = Arrays.copyOf(byCode, Math.max(byCode.length, code + 1));
        table[code] = command;
        TreeMap<Integer, String> grown = new TreeMap<>(names);
        grown.put(code, name);
        return new CommandRegistry(table, Collections.unmodifiableMap(grown));
    }

    /** @return the default name of a code: the built-in name, else {@code "code-N"} */
    static String defaultName(int code) {
        return ReplayCode.nameOf(code).orElseGet(() -> "code-" + code);
    }
}
