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

import static dev.reprise.route.RouteLayout.*;

import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.diagnostic.WarningCode;
import dev.reprise.internal.WarningReporter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * A route: the binary recording of a game's steps, in three areas — fixed-width command entries,
 * type-tagged params end to end, and an in-memory index of each step's first param byte — byte for
 * byte as the original motajs engine stores them (see {@code docs/route-format.md}).
 *
 * <p>Writes ({@code add}, {@code insert}, {@code delete}, {@code set}, {@link #setCommandWidth},
 * {@link #loadState}) are all-or-nothing: an invalid code or a param the route cannot store throws
 * {@link IllegalArgumentException}, a write past a cap throws {@link ReplayCapacityException}, an
 * index out of range is ignored with {@link WarningCode#INDEX_OUT_OF_RANGE warning 179}, and in each case the route
 * is left exactly as it was. Every successful write expires all open {@link ReplayReadStream}s and
 * {@link ReplayCursor}s; using one afterwards throws {@link java.util.ConcurrentModificationException} instead of
 * returning stale bytes. While {@link #disable()} is in force, {@code add}, {@code insert}, {@code delete} and
 * {@code set} write nothing (but still throw for an invalid code or param).
 *
 * <p>The typed {@code add} overloads ({@code int}, {@code long}, {@code boolean}, {@code double},
 * {@code String}, up to three {@code int}s) allocate nothing and write exactly the bytes that
 * {@link #add(int, Object...)} writes for the same values boxed.
 *
 * <p>Every step appended ({@code add}, or {@code insert} at the end) is published on {@link #recorded()},
 * the hot feed of live spectators, whoever appends it: {@code ReplaySystem.record} and
 * {@code system.array().add(...)} reach the same subscribers.
 *
 * <p>Warnings ({@link WarningCode#CAPACITY_REACHED 150}, {@link WarningCode#CODE_TRUNCATED 154},
 * {@link WarningCode#STREAM_EXPIRED 155}, {@link WarningCode#INDEX_OUT_OF_RANGE 179}) are logged through Reactor's
 * {@code Loggers} and handed to the listener given at construction. <b>Not thread-safe</b>: like {@code ArrayList},
 * one thread writes at a time and readers must not run concurrently with writes; {@link #recorded()} may be
 * subscribed from any thread.
 */
public final class ReplayArray {

    /** The buffer of a {@link #recorded()} subscriber, in steps: how far it may fall behind before it is dropped. */
    public static final int DEFAULT_RECORDED_BUFFER = 1024;

    private final ReplayArrayConfig config;
    private final WarningReporter warnings;
    private final double commandMultiplier;
    private final double paramMultiplier;
    /** The subscribers of {@link #recorded(int)}: appends are decoded and published only while there is one. */
    private final RecordedSteps feed = new RecordedSteps();

    private CommandWidth width;
    private int entrySize;
    private byte[] commandBuf;
    private byte[] paramBuf;
    private int[] offsets;
    private int length;
    private int paramUsed;
    private int disabled;
    /** Incremented by every successful write; streams and cursors compare it to detect expiry. */
    private int modCount;

    /** Creates an empty route with {@link ReplayArrayConfig#DEFAULTS}, whose warnings are only logged. */
    public ReplayArray() {
        this(ReplayArrayConfig.DEFAULTS);
    }

    /**
     * Creates an empty route whose warnings are only logged.
     *
     * @param config sizes, growth and caps
     */
    public ReplayArray(ReplayArrayConfig config) {
        this(config, null);
    }

    /**
     * Creates an empty route that hands its warnings to a listener (after logging them).
     *
     * @param config   sizes, growth and caps
     * @param listener receives every warning; may be {@code null}
     */
    public ReplayArray(ReplayArrayConfig config, @Nullable Consumer<? super ReplayWarning> listener) {
        this.config = Objects.requireNonNull(config, "config");
        this.warnings = new WarningReporter(listener);
        this.commandMultiplier = config.commandExpandMultiplier();
        this.paramMultiplier = config.paramExpandMultiplier();
        this.width = config.commandWidth();
        this.entrySize = width.entrySize();
        this.commandBuf = new byte[config.initCommandLength() * entrySize];
        this.paramBuf = new byte[config.initParamLength()];
        this.offsets = new int[config.initCommandLength()];
    }

    /** @return the configuration this route was built with */
    public ReplayArrayConfig config() {
        return config;
    }

    /** @return the number of steps */
    public int length() {
        return length;
    }

    /** @return the current command width */
    public CommandWidth commandWidth() {
        return width;
    }

    /**
     * Returns how many bytes of the param area are in use (a count; {@code saveState().paramBytes()} gives
     * the bytes themselves).
     *
     * @return the number of param bytes in use
     */
    public int paramByteCount() {
        return paramUsed;
    }

    /**
     * Returns how many bytes of the command area are in use (a count; {@code saveState().commandBytes()}
     * gives the bytes themselves).
     *
     * @return {@code length() * commandWidth().entrySize()}
     */
    public int commandByteCount() {
        return length * entrySize;
    }

    /** @return the number of steps the route holds before its command area must grow */
    public int capacity() {
        return offsets.length;
    }

    /** @return the number of param bytes the route holds before its param area must grow */
    public int paramCapacity() {
        return paramBuf.length;
    }

    /**
     * Grows the buffers, if needed, so that the route holds at least {@code steps} steps and
     * {@code paramBytes} param bytes in all before growing again: call it once before recording a known
     * amount to keep growth (a copy of each area) out of the recording loop. Never shrinks; a buffer
     * grown to its cap reports {@link WarningCode#CAPACITY_REACHED warning 150}. Writes nothing and expires no
     * stream; not affected by {@link #disable()}.
     *
     * @param steps      the steps to hold in all, 0 to {@code commandMaxLength}
     * @param paramBytes the param bytes to hold in all, 0 to {@code paramMaxLength}
     * @throws IllegalArgumentException if an argument is negative
     * @throws ReplayCapacityException   if an argument is above its cap; nothing grows then
     */
    public void ensureCapacity(int steps, int paramBytes) {
        if (steps < 0 || paramBytes < 0) {
            throw new IllegalArgumentException("ensureCapacity takes counts of 0 or more, was " + steps + " steps and "
                    + paramBytes + " param bytes");
        }
        if (steps > config.commandMaxLength()) {
            throw new ReplayCapacityException("Cannot hold " + steps + " steps: the configured maximum is "
                    + config.commandMaxLength() + " (commandMaxLength)");
        }
        if (paramBytes > config.paramMaxLength()) {
            throw new ReplayCapacityException("Cannot hold " + paramBytes + " param bytes: the configured maximum is "
                    + config.paramMaxLength() + " (paramMaxLength)");
        }
        if (steps > offsets.length) {
            resizeCommands(steps);
        }
        if (paramBytes > paramBuf.length) {
            resizeParams(paramBytes);
        }
    }

    // ------------------------------------------------------------------------------------------ writes

    /**
     * Appends a step without params. Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if the route holds {@code commandMaxLength} steps
     */
    public void add(int code) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        if (length == offsets.length) {
            growCommands();
        }
        appendEntry(0, code, 0);
    }

    /**
     * Appends a step with one {@code int} param. Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the param
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, int p0) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        int size = ParamCodec.intSize(p0);
        reserve(size);
        ParamCodec.writeInt(p0, paramBuf, paramUsed);
        appendEntry(1, code, size);
    }

    /**
     * Appends a step with two {@code int} params. Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the first param
     * @param p1   the second param
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, int p0, int p1) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        int size = ParamCodec.intSize(p0) + ParamCodec.intSize(p1);
        reserve(size);
        ParamCodec.writeInt(p1, paramBuf, ParamCodec.writeInt(p0, paramBuf, paramUsed));
        appendEntry(2, code, size);
    }

    /**
     * Appends a step with one {@code long} param (tags 1–5, or 8 for {@code Long.MIN_VALUE}).
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the param
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, long p0) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        int size = ParamCodec.longSize(p0);
        reserve(size);
        ParamCodec.writeLong(p0, paramBuf, paramUsed);
        appendEntry(1, code, size);
    }

    /**
     * Appends a step with three {@code int} params. Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the first param
     * @param p1   the second param
     * @param p2   the third param
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, int p0, int p1, int p2) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        int size = ParamCodec.intSize(p0) + ParamCodec.intSize(p1) + ParamCodec.intSize(p2);
        reserve(size);
        byte[] b = paramBuf;
        ParamCodec.writeInt(p2, b, ParamCodec.writeInt(p1, b, ParamCodec.writeInt(p0, b, paramUsed)));
        appendEntry(3, code, size);
    }

    /**
     * Appends a step with one {@code boolean} param (tag 0). Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the param
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, boolean p0) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        reserve(ParamCodec.BOOLEAN_SIZE);
        ParamCodec.writeBoolean(p0, paramBuf, paramUsed);
        appendEntry(1, code, ParamCodec.BOOLEAN_SIZE);
    }

    /**
     * Appends a step with one {@code double} param: always a float64 (tag 6), even for an integral
     * value, NaN canonical. Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the param
     * @throws IllegalArgumentException  if the code does not fit the width
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, double p0) {
        checkCode(code);
        if (disabled > 0) {
            return;
        }
        reserve(ParamCodec.DOUBLE_SIZE);
        ParamCodec.writeDouble(p0, paramBuf, paramUsed);
        appendEntry(1, code, ParamCodec.DOUBLE_SIZE);
    }

    /**
     * Appends a step with one {@code String} param, stored as UTF-8 (a lone surrogate as U+FFFD).
     * Allocation-free.
     *
     * @param code the command code, within the {@link #commandWidth()}
     * @param p0   the param, not {@code null}
     * @throws IllegalArgumentException  if the code does not fit the width or the param is {@code null}
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, String p0) {
        checkCode(code);
        if (p0 == null) {
            throw ParamCheck.nullParam(0, length, code);
        }
        if (disabled > 0) {
            return;
        }
        int utf8Length = Utf8.length(p0);
        int size = checkedStepBytes(ParamCodec.stringSize((long) utf8Length));
        reserve(size);
        ParamCodec.writeString(p0, utf8Length, paramBuf, paramUsed);
        appendEntry(1, code, size);
    }

    /**
     * Appends a step. Params may be {@code Boolean}, {@code Byte}, {@code Short}, {@code Integer},
     * {@code Long}, {@code Float}, {@code Double}, {@code BigInteger} (magnitude below 2^2040) or
     * {@code String}, at most 255 of them. Anything else — {@code null}, another type, a larger
     * {@code BigInteger}, a 256th param — throws {@link IllegalArgumentException} naming the param's
     * position, its type and the limit, and nothing is written.
     *
     * @param code   the command code, within the {@link #commandWidth()}
     * @param params the params; may be empty, not {@code null}
     * @throws IllegalArgumentException  if the code does not fit the width or a param cannot be stored
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void add(int code, Object... params) {
        checkCode(code);
        long measured = ParamCheck.measure(params, length, code);
        if (disabled > 0) {
            return;
        }
        int bytes = checkedStepBytes(measured);
        reserve(bytes);
        writeParams(params, paramUsed);
        appendEntry(params.length, code, bytes);
    }

    /**
     * Inserts a step before the step at {@code index}; at {@code index == length()} it appends. Params
     * follow the rules of {@link #add(int, Object...)}. An index outside {@code 0..length()} is ignored
     * with {@link WarningCode#INDEX_OUT_OF_RANGE warning 179}.
     *
     * @param index  where the new step goes, 0..length()
     * @param code   the command code, within the {@link #commandWidth()}
     * @param params the params
     * @throws IllegalArgumentException  if the code does not fit the width or a param cannot be stored
     * @throws ReplayCapacityException   if a cap would be exceeded
     */
    public void insert(int index, int code, Object... params) {
        checkCode(code);
        long measured = ParamCheck.measure(params, index, code);
        if (disabled > 0) {
            return;
        }
        if (index < 0 || index > length) {
            warnings.report(WarningCode.INDEX_OUT_OF_RANGE, "insert", index, length);
            return;
        }
        if (index == length) {
            add(code, params);
            return;
        }
        int bytes = checkedStepBytes(measured);
        reserve(bytes);
        int start = offsets[index];
        System.arraycopy(commandBuf, index * entrySize, commandBuf, (index + 1) * entrySize,
                (length - index) * entrySize);
        System.arraycopy(paramBuf, start, paramBuf, start + bytes, paramUsed - start);
        System.arraycopy(offsets, index, offsets, index + 1, length - index);
        for (int i = index + 1; i <= length; i++) {
            offsets[i] += bytes;
        }
        putEntry(commandBuf, index * entrySize, entrySize, params.length, code);
        writeParams(params, start);
        length++;
        paramUsed += bytes;
        modCount++;
    }

    /**
     * Removes the step at {@code index}; the bytes freed at the end of both areas are zeroed. An index
     * outside {@code 0..length()-1} is ignored with {@link WarningCode#INDEX_OUT_OF_RANGE warning 179}.
     *
     * @param index the step to remove
     */
    public void delete(int index) {
        if (disabled > 0) {
            return;
        }
        if (index < 0 || index >= length) {
            warnings.report(WarningCode.INDEX_OUT_OF_RANGE, "delete", index, length);
            return;
        }
        int start = offsets[index];
        int end = paramEnd(index);
        int removed = end - start;
        System.arraycopy(commandBuf, (index + 1) * entrySize, commandBuf, index * entrySize,
                (length - index - 1) * entrySize);
        System.arraycopy(paramBuf, end, paramBuf, start, paramUsed - end);
        System.arraycopy(offsets, index + 1, offsets, index, length - index - 1);
        length--;
        paramUsed -= removed;
        Arrays.fill(commandBuf, length * entrySize, (length + 1) * entrySize, (byte) 0);
        Arrays.fill(paramBuf, paramUsed, paramUsed + removed, (byte) 0);
        for (int i = index; i < length; i++) {
            offsets[i] -= removed;
        }
        offsets[length] = 0;
        modCount++;
    }

    /**
     * Replaces the step at {@code index}; the steps after it move as its params grow or shrink. Params
     * follow the rules of {@link #add(int, Object...)}. An index outside {@code 0..length()-1} is
     * ignored with {@link WarningCode#INDEX_OUT_OF_RANGE warning 179}.
     *
     * @param index  the step to replace
     * @param code   the new command code, within the {@link #commandWidth()}
     * @param params the new params
     * @throws IllegalArgumentException  if the code does not fit the width or a param cannot be stored
     * @throws ReplayCapacityException   if the param cap would be exceeded
     */
    public void set(int index, int code, Object... params) {
        checkCode(code);
        long measured = ParamCheck.measure(params, index, code);
        if (disabled > 0) {
            return;
        }
        if (index < 0 || index >= length) {
            warnings.report(WarningCode.INDEX_OUT_OF_RANGE, "set", index, length);
            return;
        }
        int bytes = checkedStepBytes(measured);
        int start = offsets[index];
        int end = paramEnd(index);
        int delta = bytes - (end - start);
        if (delta > 0) {
            reserveParams(delta);
        }
        putEntry(commandBuf, index * entrySize, entrySize, params.length, code);
        System.arraycopy(paramBuf, end, paramBuf, end + delta, paramUsed - end);
        paramUsed += delta;
        if (delta < 0) {
            Arrays.fill(paramBuf, paramUsed, paramUsed - delta, (byte) 0);
        }
        writeParams(params, start);
        for (int i = index + 1; i < length; i++) {
            offsets[i] += delta;
        }
        modCount++;
    }

    /**
     * Re-encodes every command entry for another width, keeping the capacity in steps. Narrowing to
     * {@code UINT8} truncates codes above 255 to their low byte, with {@link WarningCode#CODE_TRUNCATED warning 154}
     * for each. Expires streams even when the width does not change. Not affected by {@link #disable()}.
     *
     * @param newWidth the new width
     */
    public void setCommandWidth(CommandWidth newWidth) {
        Objects.requireNonNull(newWidth, "newWidth");
        int newSize = newWidth.entrySize();
        byte[] rebuilt = new byte[offsets.length * newSize];
        for (int i = 0; i < length; i++) {
            int entry = i * entrySize;
            int code = RouteLayout.code(commandBuf, entry, entrySize);
            if (!newWidth.fits(code)) {
                int truncated = code & newWidth.maxCode();
                warnings.report(WarningCode.CODE_TRUNCATED, code, truncated);
                code = truncated;
            }
            putEntry(rebuilt, i * newSize, newSize, u8(commandBuf, entry + COUNT_OFFSET), code);
        }
        commandBuf = rebuilt;
        width = newWidth;
        entrySize = newSize;
        modCount++;
    }

    /**
     * Removes every step, keeping the buffers' capacity and the command width; the freed bytes are
     * zeroed and all streams expire. Allocation-free. Like {@link #loadState}, not affected by
     * {@link #disable()}.
     */
    public void clear() {
        Arrays.fill(commandBuf, 0, length * entrySize, (byte) 0);
        Arrays.fill(paramBuf, 0, paramUsed, (byte) 0);
        length = 0;
        paramUsed = 0;
        modCount++;
    }

    /**
     * Suspends recording: until a matching {@link #enable()}, {@code add/insert/delete/set} write nothing
     * (an invalid code or param still throws).
     */
    public void disable() {
        disabled++;
    }

    /** Re-enables recording: undoes one {@link #disable()}; never goes below zero. */
    public void enable() {
        if (disabled > 0) {
            disabled--;
        }
    }

    /** @return {@code true} while at least one {@link #disable()} is in force */
    public boolean isDisabled() {
        return disabled > 0;
    }

    // ------------------------------------------------------------------------------------------ recorded

    /**
     * Returns every step appended from now on, with a buffer of {@link #DEFAULT_RECORDED_BUFFER} steps per
     * subscriber; see {@link #recorded(int)}.
     *
     * @return a hot Flux of appended steps; it never completes
     */
    public Flux<ReplayStep> recorded() {
        return recorded(DEFAULT_RECORDED_BUFFER);
    }

    /**
     * Returns every step appended to this route from now on ({@code add}, or {@code insert} at the end;
     * through {@code ReplaySystem.record} or directly), as the route stores it (decoded back), for live
     * spectating and hooks. Hot: a subscriber sees only steps appended after it subscribed; steps that
     * were not written (recording disabled, a failed write) and other edits ({@code insert} before the
     * end, {@code set}, {@code delete}, {@link #loadState}, {@link #clear()}) are never published. Steps
     * are decoded only while someone subscribes: without subscribers an append stays allocation-free.
     *
     * <p>Appending never waits for a subscriber: steps are handed to each subscriber on a
     * {@code Schedulers.boundedElastic()} worker, through a buffer of its own. Backpressure: steps the
     * subscriber has not requested wait in that buffer; when a step is appended while {@code bufferSize}
     * steps already wait, the subscriber is dropped — its Flux fails with {@link RecordedOverflowException}
     * naming the buffer size and the step — and the others go on. So a subscriber may be as slow as it
     * likes for a burst of up to {@code bufferSize} steps, but must keep up with recording on average; one
     * that only wants the latest steps can apply {@code onBackpressureDrop} or {@code sample} itself, and
     * then never falls behind. Thread-safe: subscribe, request and cancel from any thread.
     *
     * <p>A request of {@code n <= 0} drops the subscriber the same way, with
     * {@link IllegalArgumentException} (Reactive Streams rule 3.9). The steps a dropped or cancelled
     * subscriber leaves in its buffer, and the step that overflowed it, go to
     * {@code Operators.onDiscard} ({@code doOnDiscard}) on the subscriber's worker, never on the
     * appending thread.
     *
     * @param bufferSize how many steps a subscriber may fall behind, at least 1
     * @return a hot Flux of appended steps; it never completes, and fails only on an overflow or a
     *         request of {@code n <= 0}
     * @throws IllegalArgumentException if {@code bufferSize} is below 1
     */
    public Flux<ReplayStep> recorded(int bufferSize) {
        if (bufferSize < 1) {
            throw new IllegalArgumentException("The buffer of a recorded() subscriber must hold at least 1 step, was "
                    + bufferSize);
        }
        return feed.flux(bufferSize, Schedulers.boundedElastic());
    }

    // ------------------------------------------------------------------------------------------ reads

    /**
     * Decodes the step at {@code index}.
     *
     * @param index the step's 0-based position
     * @return the step, with {@code index} as its index
     * @throws IndexOutOfBoundsException if {@code index} is outside {@code 0..length()-1}
     */
    public ReplayStep get(int index) {
        Objects.checkIndex(index, length);
        return decodeStep(index);
    }

    /**
     * Opens a read stream at the first step.
     *
     * @return a new stream
     */
    public ReplayReadStream createReadStream() {
        return createReadStream(0);
    }

    /**
     * Opens a read stream whose first {@code read()} returns the step at {@code startIndex}.
     *
     * @param startIndex 0..length() (at {@code length()}, the first read returns {@code null})
     * @return a new stream
     * @throws IndexOutOfBoundsException if {@code startIndex} is outside {@code 0..length()}
     */
    public ReplayReadStream createReadStream(int startIndex) {
        Objects.checkIndex(startIndex, length + 1);
        return new ReplayReadStream(this, startIndex);
    }

    /**
     * Opens an allocation-free cursor positioned before the step at {@code startIndex}.
     *
     * @param startIndex 0..length()
     * @return a new cursor; call {@link ReplayCursor#next()} to move onto the first step
     * @throws IndexOutOfBoundsException if {@code startIndex} is outside {@code 0..length()}
     */
    public ReplayCursor cursor(int startIndex) {
        Objects.checkIndex(startIndex, length + 1);
        return new ReplayCursor(this, startIndex);
    }

    // ------------------------------------------------------------------------------------------ save / load

    /**
     * Returns the route as a save: read-only zero-copy views of the used command and param bytes,
     * valid until the next write ({@link ReplaySave#detach()} copies them for keeping).
     *
     * @return the save
     */
    public ReplaySave saveState() {
        return new ReplaySave(length, width,
                ByteBuffer.wrap(commandBuf, 0, length * entrySize).slice().asReadOnlyBuffer(),
                ByteBuffer.wrap(paramBuf, 0, paramUsed).slice().asReadOnlyBuffer());
    }

    /**
     * Replaces this route with a saved one. Everything is validated first — sizes, caps, every tag,
     * boolean byte and length — and on any problem {@link ReplayFormatException} is thrown naming the
     * step and byte offset, with this route and its open streams untouched. Otherwise the bytes are
     * copied in (the save is never adopted or changed), the index is rebuilt and all streams expire.
     * Bytes past the used region of either buffer are ignored. Not affected by {@link #disable()}.
     *
     * <p>This is the way to load a standalone route. A system's route is loaded through
     * {@code ReplaySystem.loadState(save)}, which does this and also fails a sandbox playing the route at
     * once (loaded here, that sandbox fails at its next step instead).
     *
     * @param save the route to load
     * @throws ReplayFormatException if the save is malformed or beyond this route's caps
     */
    public void loadState(ReplaySave save) {
        Objects.requireNonNull(save, "save");
        RouteValidator.Validated route = RouteValidator.validate(save, config);
        commandBuf = route.commands();
        paramBuf = route.params();
        offsets = route.index();
        paramUsed = route.paramUsed();
        length = save.length();
        width = save.commandWidth();
        entrySize = width.entrySize();
        modCount++;
    }

    // ------------------------------------------------------------------------------------------ internals

    int modCount() {
        return modCount;
    }

    byte[] commandBuffer() {
        return commandBuf;
    }

    byte[] paramBuffer() {
        return paramBuf;
    }

    int entrySize() {
        return entrySize;
    }

    int paramOffset(int index) {
        return offsets[index];
    }

    int[] offsetIndex() {
        return offsets;
    }

    WarningReporter warnings() {
        return warnings;
    }

    ReplayStep decodeStep(int index) {
        int entry = index * entrySize;
        int count = u8(commandBuf, entry + COUNT_OFFSET);
        int code = RouteLayout.code(commandBuf, entry, entrySize);
        int at = offsets[index];
        // The usual counts get the compact immutable lists directly, without an intermediate array.
        switch (count) {
            case 0:
                return new ReplayStep(index, code, List.of());
            case 1:
                return new ReplayStep(index, code, List.of(ParamCodec.decode(paramBuf, at)));
            case 2:
                Object first = ParamCodec.decode(paramBuf, at);
                Object second = ParamCodec.decode(paramBuf, at + ParamCodec.sizeAt(paramBuf, at));
                return new ReplayStep(index, code, List.of(first, second));
            default:
                Object[] values = new Object[count];
                for (int i = 0; i < count; i++) {
                    values[i] = ParamCodec.decode(paramBuf, at);
                    at += ParamCodec.sizeAt(paramBuf, at);
                }
                return new ReplayStep(index, code, List.of(values));
        }
    }

    private int paramEnd(int index) {
        return index + 1 < length ? offsets[index + 1] : paramUsed;
    }

    private void checkCode(int code) {
        if (!width.fits(code)) {
            throw new IllegalArgumentException("Command code " + code + " does not fit the command width "
                    + width + " (0.." + width.maxCode() + ")");
        }
    }

    /** Writes the entry at slot {@code length} for params already written at {@code paramUsed}. */
    private void appendEntry(int count, int code, int paramSize) {
        putEntry(commandBuf, length * entrySize, entrySize, count, code);
        offsets[length] = paramUsed;
        paramUsed += paramSize;
        length++;
        modCount++;
        if (!feed.isEmpty()) {
            feed.emit(decodeStep(length - 1));
        }
    }

    /** Makes room for one more step with {@code bytes} param bytes, or throws leaving all unchanged. */
    private void reserve(int bytes) {
        if (length == offsets.length) {
            if (length >= config.commandMaxLength()) {
                throw commandsFull();
            }
            reserveParams(bytes); // check the param cap before growing anything
            growCommands();
        } else {
            reserveParams(bytes);
        }
    }

    private ReplayCapacityException commandsFull() {
        return new ReplayCapacityException("The route is full: it holds the configured maximum of "
                + config.commandMaxLength() + " steps (commandMaxLength); step " + length + " was not written");
    }

    private void growCommands() {
        int capacity = offsets.length;
        int max = config.commandMaxLength();
        if (capacity >= max) {
            throw commandsFull();
        }
        resizeCommands((int) Math.min(max, Math.max(capacity + 1L, (long) Math.ceil(capacity * commandMultiplier))));
    }

    private void resizeCommands(int steps) {
        commandBuf = Arrays.copyOf(commandBuf, steps * entrySize);
        offsets = Arrays.copyOf(offsets, steps);
        if (steps == config.commandMaxLength()) {
            warnings.report(WarningCode.CAPACITY_REACHED, "command", steps);
        }
    }

    private void reserveParams(int need) {
        long required = (long) paramUsed + need;
        if (required <= paramBuf.length) {
            return;
        }
        int max = config.paramMaxLength();
        if (required > max) {
            throw new ReplayCapacityException("The step's " + need + " param bytes do not fit: " + paramUsed
                    + " of the configured maximum of " + max + " param bytes (paramMaxLength) are in use; step "
                    + length + " was not written");
        }
        long grown = paramBuf.length;
        while (grown < required) {
            grown = Math.max(grown + 1, (long) Math.ceil(grown * paramMultiplier));
        }
        resizeParams((int) Math.min(grown, max));
    }

    private void resizeParams(int bytes) {
        paramBuf = Arrays.copyOf(paramBuf, bytes);
        if (bytes == config.paramMaxLength()) {
            warnings.report(WarningCode.CAPACITY_REACHED, "param", bytes);
        }
    }

    /** The param bytes of one step, checked against the param cap so that they fit an {@code int}. */
    private int checkedStepBytes(long bytes) {
        if (bytes > config.paramMaxLength()) {
            throw new ReplayCapacityException("A step of " + bytes + " param bytes exceeds the configured maximum of "
                    + config.paramMaxLength() + " param bytes (paramMaxLength); step " + length + " was not written");
        }
        return (int) bytes;
    }

    /** Writes params that {@link ParamCheck#measure} accepted, starting at {@code at}. */
    private void writeParams(Object[] params, int at) {
        byte[] b = paramBuf;
        for (Object value : params) {
            at = ParamCodec.write(value, b, at);
        }
    }
}
