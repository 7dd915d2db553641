package dev.reprise.io;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.nio.ByteBuffer;

/**
 * Validates route bytes with the route's own validator ({@link ReplayArray#loadState}): every tag,
 * length and boolean byte, within the given caps. One validator for memory and files, so a file
 * never accepts what {@code loadState} would refuse.
 */
final class RouteCheck {

    private RouteCheck() {
    }

    /**
     * Validates a route whose areas are exact (no trailing bytes) and returns it as a save of
     * read-only views over the given arrays (which the caller must not change afterwards).
     *
     * @param paramFileOffset file offset of the param area's first byte, or -1 if the areas were
     *                        decoded (offsets in the message are then param-area offsets)
     * @param trimTrailing    {@code true} to drop bytes after the last step's params (a save may be
     *                        zero-padded), {@code false} to refuse them (a file's sizes are exact)
     * @throws ReplayFormatException naming the step and offset of the first problem
     */
    static ReplaySave validated(int steps, CommandWidth width, byte[] commands, byte[] params,
                                int maxSteps, int maxParamBytes, long paramFileOffset, boolean trimTrailing) {
        ReplaySave save = new ReplaySave(steps, width, ByteBuffer.wrap(commands).asReadOnlyBuffer(),
                ByteBuffer.wrap(params).asReadOnlyBuffer());
        ReplayArray scratch = new ReplayArray(ReplayArrayConfig.builder()
                .initCommandLength(1).initParamLength(1)
                .commandMaxLength(Math.max(1, maxSteps)).paramMaxLength(Math.max(1, maxParamBytes))
                .commandWidth(width)
                .build());
        try {
            scratch.loadState(save);
        } catch (ReplayFormatException e) {
            long offset = e.byteOffset() < 0 || paramFileOffset < 0 ? e.byteOffset() : paramFileOffset + e.byteOffset();
            String where = paramFileOffset < 0 ? "" : " (file byte " + offset + ")";
            throw new ReplayFormatException("Invalid route: " + e.getMessage() + where, e.stepIndex(), offset, e);
        }
        if (scratch.paramBytes() != params.length && trimTrailing) {
            return new ReplaySave(steps, width, save.commandArray(),
                    ByteBuffer.wrap(java.util.Arrays.copyOf(params, scratch.paramBytes())).asReadOnlyBuffer());
        }
        if (scratch.paramBytes() != params.length) {
            long offset = paramFileOffset < 0 ? scratch.paramBytes() : paramFileOffset + scratch.paramBytes();
            throw new ReplayFormatException("Invalid route: the param area has " + (params.length - scratch.paramBytes())
                    + " bytes after the last step's params (param byte " + scratch.paramBytes() + ")", -1, offset);
        }
        return save;
    }
}
