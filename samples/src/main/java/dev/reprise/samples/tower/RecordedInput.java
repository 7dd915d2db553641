package dev.reprise.samples.tower;

import java.util.List;

/**
 * One input as recorded: a code and its params.
 *
 * @param code the input code
 * @param params the params, unmodifiable
 */
public record RecordedInput(int code, List<Object> params) {

    /**
     * Creates a recorded input, copying {@code params}.
     *
     * @param code the input code
     * @param params the params; no element may be {@code null}
     */
    public RecordedInput {
        params = List.copyOf(params);
    }

    @Override
    public String toString() {
        return TowerCodes.nameOf(code) + params;
    }
}
