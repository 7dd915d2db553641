/**
 * What the core's checks share to watch a replay step by step ({@link dev.reprise.internal.answer.AnswerCheck}):
 * used by {@code dev.reprise.verify} and {@code dev.reprise.shrink}; not exported, not API.
 */
@NullMarked
package dev.reprise.internal.answer;

import org.jspecify.annotations.NullMarked;
