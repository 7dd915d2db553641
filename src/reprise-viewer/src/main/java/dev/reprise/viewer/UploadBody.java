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

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/**
 * An upload's body as the replay reader reads it: the request's chunks, pulled one at a time only
 * when the reader needs more bytes (so Netty stops reading the socket in between), each reserved from
 * the {@link UploadStore} before it is handed on. A reader that refuses the first bytes (bad magic,
 * header past the caps) closes the stream, which cancels the body: the rest is never read.
 *
 * <p>Chunks arrive on Netty's event loop, {@link #read} runs on the reader's thread: they meet in a
 * queue of at most two entries (one chunk and the end).
 */
final class UploadBody extends InputStream {

    /** Why an upload was refused while it streamed in; {@link #status} is the HTTP answer. */
    static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
        private final int status;

        Refused(int status, String message) {
            super(message);
            this.status = status;
        }

        int status() {
            return status;
        }
    }

    private static final Object END = new Object();

    private final UploadStore store;
    private final long maxBytes;
    private final Duration stallTimeout;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(2);
    private final Chunks chunks = new Chunks();
    private byte @Nullable [] current;
    private int offset;
    private boolean ended;
    /** Bytes received and reserved, not yet handed over. Guarded by this. */
    private long reserved;
    /** Bytes received in all. Guarded by this. */
    private long received;
    /** Set when the stream closes: a chunk arriving later is not reserved. Guarded by this. */
    private boolean closed;

    /**
     * @param store where each chunk is reserved
     * @param maxBytes the most bytes one upload may have (more: 413)
     * @param stallTimeout how long a read waits for the next chunk
     */
    UploadBody(UploadStore store, long maxBytes, Duration stallTimeout) {
        this.store = store;
        this.maxBytes = maxBytes;
        this.stallTimeout = stallTimeout;
    }

    /** @return the subscriber to give the request's body to */
    BaseSubscriber<byte[]> subscriber() {
        return chunks;
    }

    /** @return the bytes received and still reserved by this transfer */
    synchronized long reserved() {
        return reserved;
    }

    /**
     * Hands the reservation over (to a kept upload, or back to the store).
     *
     * @return the bytes this transfer had reserved; from now on it holds none
     */
    synchronized long handOver() {
        long all = reserved;
        reserved = 0;
        return all;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (current == null || offset == current.length) {
            if (ended) {
                return -1;
            }
            next();
        }
        int n = Math.min(len, current.length - offset);
        System.arraycopy(current, offset, into, off, n);
        offset += n;
        return n;
    }

    private void next() throws IOException {
        if (current != null) {
            current = null;
            chunks.request(1); // the chunk before is used up: only now is the next one read
        }
        Object item;
        try {
            item = queue.poll(stallTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("the upload was interrupted");
        }
        if (item == null) {
            throw new Refused(408, "the upload stalled: no bytes for " + stallTimeout.toMillis() + " ms");
        } else if (item == END) {
            ended = true;
        } else if (item instanceof IOException failure) {
            ended = true;
            throw failure;
        } else {
            current = (byte[]) item;
            offset = 0;
        }
    }

    /** Stops the transfer: the rest of the body is never read. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        ended = true;
        chunks.dispose();
        queue.offer(END); // wakes a reader waiting for a chunk that will not come (if full, it is not waiting)
    }

    private final class Chunks extends BaseSubscriber<byte[]> {
        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            subscription.request(1); // the first chunk; each further one once the reader has used the one before
        }

        @Override
        protected void hookOnNext(byte[] chunk) {
            IOException refused = null;
            synchronized (UploadBody.this) {
                if (closed) {
                    return;
                }
                if (received + chunk.length > maxBytes) {
                    refused = new Refused(413, "the upload passed " + maxBytes + " bytes, uploads are capped at "
                            + maxBytes + " (the replay reader's caps and the upload budget)");
                } else if (!store.reserve(chunk.length)) {
                    refused = new Refused(503, "the viewer holds as many upload bytes as it may (" + store.budget()
                            + " bytes, uploads in flight and kept); try again later");
                } else {
                    received += chunk.length;
                    reserved += chunk.length;
                }
            }
            if (refused != null) {
                fail(refused);
            } else {
                queue.offer(chunk); // the reader requested it, so there is room
            }
        }

        private void fail(IOException failure) {
            cancel();
            queue.offer(failure);
        }

        @Override
        protected void hookOnComplete() {
            queue.offer(END);
        }

        @Override
        protected void hookOnError(Throwable error) {
            queue.offer(error instanceof IOException io ? io : new IOException("the upload broke off: " + error, error));
        }
    }

}
