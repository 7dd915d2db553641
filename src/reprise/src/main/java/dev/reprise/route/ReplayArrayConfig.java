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
package dev.reprise.route;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The sizes, growth and caps of a {@link ReplayArray}. Immutable and thread-safe; build one with
 * {@link #builder()}, which checks each option as it is set.
 *
 * <p>Buffers start at {@link #initCommandLength()} steps and {@link #initParamLength()} param bytes
 * and grow by their multipliers, never past {@link #commandMaxLength()} steps and
 * {@link #paramMaxLength()} bytes. A multiplier must be above 1: the builder refuses 1 or less at once
 * (the original engine accepted it and used 2 with a warning; see {@code docs/compatibility.md}).
 */
public final class ReplayArrayConfig {

    /** The most steps a route may ever be configured for: every command area must fit one Java array. */
    public static final int MAX_STEPS_LIMIT = (Integer.MAX_VALUE - 16) / 3;
    /** The most param bytes a route may ever be configured for: one Java array. */
    public static final int MAX_PARAM_BYTES_LIMIT = Integer.MAX_VALUE - 16;

    /**
     * The original engine's defaults: 1000 steps and 10000 param bytes to start, multipliers 1.2,
     * {@code UINT8}, at most 1,000,000 steps and 10,000,000 param bytes.
     */
    public static final ReplayArrayConfig DEFAULTS = builder().build();

    private final int initCommandLength;
    private final int initParamLength;
    private final double commandExpandMultiplier;
    private final double paramExpandMultiplier;
    private final CommandWidth commandWidth;
    private final int commandMaxLength;
    private final int paramMaxLength;

    private ReplayArrayConfig(Builder b) {
        this.initCommandLength = b.initCommandLength;
        this.initParamLength = b.initParamLength;
        this.commandExpandMultiplier = b.commandExpandMultiplier;
        this.paramExpandMultiplier = b.paramExpandMultiplier;
        this.commandWidth = b.commandWidth;
        this.commandMaxLength = b.commandMaxLength;
        this.paramMaxLength = b.paramMaxLength;
    }

    /**
     * Returns a builder preset with the {@link #DEFAULTS} values.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a builder preset with this config's values.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.initCommandLength = initCommandLength;
        b.initParamLength = initParamLength;
        b.commandExpandMultiplier = commandExpandMultiplier;
        b.paramExpandMultiplier = paramExpandMultiplier;
        b.commandWidth = commandWidth;
        b.commandMaxLength = commandMaxLength;
        b.paramMaxLength = paramMaxLength;
        return b;
    }

    /** @return the initial capacity of the command area, in steps (&gt; 0) */
    public int initCommandLength() {
        return initCommandLength;
    }

    /** @return the initial capacity of the param area, in bytes (&gt; 0) */
    public int initParamLength() {
        return initParamLength;
    }

    /** @return the command area's growth factor, above 1 */
    public double commandExpandMultiplier() {
        return commandExpandMultiplier;
    }

    /** @return the param area's growth factor, above 1 */
    public double paramExpandMultiplier() {
        return paramExpandMultiplier;
    }

    /** @return the initial command width */
    public CommandWidth commandWidth() {
        return commandWidth;
    }

    /** @return the most steps the route holds */
    public int commandMaxLength() {
        return commandMaxLength;
    }

    /** @return the most param bytes the route holds */
    public int paramMaxLength() {
        return paramMaxLength;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof ReplayArrayConfig c
                && initCommandLength == c.initCommandLength
                && initParamLength == c.initParamLength
                && Double.compare(commandExpandMultiplier, c.commandExpandMultiplier) == 0
                && Double.compare(paramExpandMultiplier, c.paramExpandMultiplier) == 0
                && commandWidth == c.commandWidth
                && commandMaxLength == c.commandMaxLength
                && paramMaxLength == c.paramMaxLength;
    }

    @Override
    public int hashCode() {
        return Objects.hash(initCommandLength, initParamLength, commandExpandMultiplier, paramExpandMultiplier,
                commandWidth, commandMaxLength, paramMaxLength);
    }

    @Override
    public String toString() {
        return "ReplayArrayConfig[initCommandLength=" + initCommandLength + ", initParamLength=" + initParamLength
                + ", commandExpandMultiplier=" + commandExpandMultiplier
                + ", paramExpandMultiplier=" + paramExpandMultiplier + ", commandWidth=" + commandWidth
                + ", commandMaxLength=" + commandMaxLength + ", paramMaxLength=" + paramMaxLength + "]";
    }

    /**
     * Builds a {@link ReplayArrayConfig}. Each setter checks its value at once and throws
     * {@link IllegalArgumentException} naming the option; {@link #build()} checks that the caps are
     * not below the initial sizes. Not thread-safe.
     */
    public static final class Builder {
        private int initCommandLength = 1000;
        private int initParamLength = 10000;
        private double commandExpandMultiplier = 1.2;
        private double paramExpandMultiplier = 1.2;
        private CommandWidth commandWidth = CommandWidth.UINT8;
        private int commandMaxLength = 1_000_000;
        private int paramMaxLength = 10_000_000;

        private Builder() {
        }

        /**
         * Sets the initial capacity of the command area.
         *
         * @param steps steps, 1 to {@link #MAX_STEPS_LIMIT}
         * @return this builder
         */
        public Builder initCommandLength(int steps) {
            this.initCommandLength = positive("initCommandLength", steps, MAX_STEPS_LIMIT);
            return this;
        }

        /**
         * Sets the initial capacity of the param area.
         *
         * @param bytes bytes, 1 to {@link #MAX_PARAM_BYTES_LIMIT}
         * @return this builder
         */
        public Builder initParamLength(int bytes) {
            this.initParamLength = positive("initParamLength", bytes, MAX_PARAM_BYTES_LIMIT);
            return this;
        }

        /**
         * Sets the command area's growth factor: a full command area grows to its capacity times this
         * (by at least one step, never past {@code commandMaxLength}).
         *
         * @param multiplier a finite number above 1
         * @return this builder
         * @throws IllegalArgumentException if the multiplier is 1 or less, NaN or infinite
         */
        public Builder commandExpandMultiplier(double multiplier) {
            this.commandExpandMultiplier = growth("commandExpandMultiplier", multiplier);
            return this;
        }

        /**
         * Sets the param area's growth factor: a full param area grows to its size times this (at
         * least to what the step needs, never past {@code paramMaxLength}).
         *
         * @param multiplier a finite number above 1
         * @return this builder
         * @throws IllegalArgumentException if the multiplier is 1 or less, NaN or infinite
         */
        public Builder paramExpandMultiplier(double multiplier) {
            this.paramExpandMultiplier = growth("paramExpandMultiplier", multiplier);
            return this;
        }

        /**
         * Sets the initial command width.
         *
         * @param width the width, not {@code null}
         * @return this builder
         */
        public Builder commandWidth(CommandWidth width) {
            this.commandWidth = Objects.requireNonNull(width, "commandWidth");
            return this;
        }

        /**
         * Sets the most steps the route may hold.
         *
         * @param steps steps, 1 to {@link #MAX_STEPS_LIMIT}, not below the initial capacity
         * @return this builder
         */
        public Builder commandMaxLength(int steps) {
            this.commandMaxLength = positive("commandMaxLength", steps, MAX_STEPS_LIMIT);
            return this;
        }

        /**
         * Sets the most param bytes the route may hold.
         *
         * @param bytes bytes, 1 to {@link #MAX_PARAM_BYTES_LIMIT}, not below the initial capacity
         * @return this builder
         */
        public Builder paramMaxLength(int bytes) {
            this.paramMaxLength = positive("paramMaxLength", bytes, MAX_PARAM_BYTES_LIMIT);
            return this;
        }

        /**
         * Builds the config.
         *
         * @return the config
         * @throws IllegalArgumentException if a cap is below its initial size
         */
        public ReplayArrayConfig build() {
            if (commandMaxLength < initCommandLength) {
                throw new IllegalArgumentException("commandMaxLength (" + commandMaxLength
                        + ") must not be below initCommandLength (" + initCommandLength + ")");
            }
            if (paramMaxLength < initParamLength) {
                throw new IllegalArgumentException("paramMaxLength (" + paramMaxLength
                        + ") must not be below initParamLength (" + initParamLength + ")");
            }
            return new ReplayArrayConfig(this);
        }

        private static int positive(String name, int value, int max) {
            if (value <= 0 || value > max) {
                throw new IllegalArgumentException(name + " must be in 1.." + max + ", was " + value);
            }
            return value;
        }

        private static double growth(String name, double value) {
            if (!Double.isFinite(value) || value <= 1) {
                throw new IllegalArgumentException(name + " must be a finite number above 1, was " + value);
            }
            return value;
        }
    }
}
