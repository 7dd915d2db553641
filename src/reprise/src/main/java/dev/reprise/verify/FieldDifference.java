package dev.reprise.verify;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One field whose value differs between two described states ({@link VerifiableGame#describeState()}), as
 * {@link Lockstep} reports it: the field's path and its value on each side. Immutable.
 *
 * @param field the path of the field: map keys joined by dots, list positions in brackets, e.g.
 *              {@code hero.gold} or {@code stock[2]}
 * @param left  the value on the left side as text, or {@code null} if the field is only on the right
 * @param right the value on the right side as text, or {@code null} if the field is only on the left
 */
public record FieldDifference(String field, @Nullable String left, @Nullable String right) {

    /**
     * Checks the path.
     *
     * @throws NullPointerException if {@code field} is null
     * @throws IllegalArgumentException if both values are null (a field present on neither side)
     */
    public FieldDifference {
        Objects.requireNonNull(field, "field");
        if (left == null && right == null) {
            throw new IllegalArgumentException("field \"" + field + "\" is on neither side");
        }
    }

    /**
     * Returns the difference as one line: {@code hero.gold 52 ≠ 44}, or {@code tax only on the right: 3}.
     *
     * @return the line
     */
    public String line() {
        if (left == null) {
            return field + " only on the right: " + right;
        }
        if (right == null) {
            return field + " only on the left: " + left;
        }
        return field + " " + left + " \u2260 " + right;
    }
}
