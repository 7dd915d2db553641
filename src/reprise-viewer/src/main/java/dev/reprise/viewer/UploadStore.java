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
package dev.reprise.viewer;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The one account of upload memory: bytes reserved by uploads in flight and by uploads kept for a
 * session to open, together never more than {@link ServerLimits#uploadBudget()}. Kept uploads are
 * evicted when they are older than {@link ServerLimits#uploadLifetime()}, beyond
 * {@link ServerLimits#maxKeptUploads()}, and oldest first when a reservation needs their room; bytes in
 * flight are never evicted, so a reservation they fill is refused. Thread-safe (one lock, short
 * critical sections, no I/O under it).
 */
final class UploadStore {

    private final ServerLimits limits;
    private final LongSupplier nanoClock;
    private final SecureRandom random = new SecureRandom();
    /** Kept uploads in the order they were kept: the first is the oldest. Guarded by this. */
    private final Map<String, Kept> kept = new LinkedHashMap<>();
    /** Bytes reserved, in flight and kept. Guarded by this. */
    private long used;

    private record Kept(ReplayLibrary.Upload loaded, long bytes, long keptAtNanos) {
    }

    UploadStore(ServerLimits limits, LongSupplier nanoClock) {
        this.limits = limits;
        this.nanoClock = nanoClock;
    }

    /**
     * Reserves bytes for an upload in flight, evicting expired and then the oldest kept uploads if
     * that makes room.
     *
     * @param bytes the bytes to add
     * @return {@code false} (nothing reserved) if they do not fit even with no upload kept
     */
    synchronized boolean reserve(long bytes) {
        expire();
        for (Iterator<Kept> oldest = kept.values().iterator(); used + bytes > limits.uploadBudget() && oldest.hasNext(); ) {
            used -= oldest.next().bytes();
            oldest.remove();
        }
        if (used + bytes > limits.uploadBudget()) {
            return false;
        }
        used += bytes;
        return true;
    }

    /** Gives back bytes reserved by an upload in flight. */
    synchronized void release(long bytes) {
        used -= bytes;
    }

    /**
     * Keeps a verified upload, turning its reservation into the upload's own weight.
     *
     * @param loaded the upload
     * @param reserved the bytes its transfer reserved (given back)
     * @param bytes what the kept upload holds
     * @return its token, or {@code null} (and nothing kept, the reservation given back) if it does not fit
     */
    synchronized @Nullable String keep(ReplayLibrary.Upload loaded, long reserved, long bytes) {
        used -= reserved;
        if (!reserve(bytes)) {
            return null;
        }
        while (kept.size() >= limits.maxKeptUploads()) {
            Iterator<Kept> oldest = kept.values().iterator();
            used -= oldest.next().bytes();
            oldest.remove();
        }
        byte[] token = new byte[16];
        random.nextBytes(token);
        String key = HexFormat.of().formatHex(token);
        kept.put(key, new Kept(loaded, bytes, nanoClock.getAsLong()));
        return key;
    }

    /**
     * Takes a kept upload out: a token opens one session (which then holds the file as its own).
     *
     * @return the upload, or {@code null} if the token is unknown, used, expired or evicted
     */
    synchronized ReplayLibrary.@Nullable Upload take(String token) {
        expire();
        Kept taken = kept.remove(token);
        if (taken == null) {
            return null;
        }
        used -= taken.bytes();
        return taken.loaded();
    }

    /**
     * Looks at a kept upload, leaving it kept.
     *
     * @return the upload, or empty if the token is unknown, used, expired or evicted
     */
    synchronized Optional<ReplayLibrary.Upload> peek(String token) {
        expire();
        Kept found = kept.get(token);
        return found == null ? Optional.empty() : Optional.of(found.loaded());
    }

    /** @return the most bytes uploads may hold */
    long budget() {
        return limits.uploadBudget();
    }

    /** @return the bytes held now, in flight and kept */
    synchronized long heldBytes() {
        return used;
    }

    /** @return the uploads kept now */
    synchronized int keptCount() {
        expire();
        return kept.size();
    }

    private void expire() {
        long now = nanoClock.getAsLong();
        long lifetime = limits.uploadLifetime().toNanos();
        for (Iterator<Kept> oldest = kept.values().iterator(); oldest.hasNext(); ) {
            Kept next = oldest.next();
            if (now - next.keptAtNanos() < lifetime) {
                return; // kept in order: the rest are younger
            }
            used -= next.bytes();
            oldest.remove();
        }
    }
}
