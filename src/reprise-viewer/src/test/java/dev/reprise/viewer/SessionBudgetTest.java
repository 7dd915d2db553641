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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The session budget's accounting: reservations within the budget, refusals beyond it, bytes given back once. */
class SessionBudgetTest {

    @Test
    void reserve_withinTheBudget_holdsTheBytes_andBeyondIsRefused() {
        SessionBudget budget = new SessionBudget(1000);
        Optional<SessionBudget.Reservation> first = budget.reserve(600);
        assertThat(first).isPresent();
        assertThat(budget.reserve(401)).isEmpty();
        assertThat(budget.heldBytes()).isEqualTo(600);
        assertThat(budget.reserve(400)).isPresent();
        assertThat(budget.heldBytes()).isEqualTo(1000);
        assertThat(budget.reserve(1)).isEmpty();
    }

    @Test
    void close_givesTheBytesBack_once() {
        SessionBudget budget = new SessionBudget(1000);
        SessionBudget.Reservation held = budget.reserve(700).orElseThrow();
        budget.reserve(300).orElseThrow();
        held.close();
        held.close();
        assertThat(budget.heldBytes()).isEqualTo(300);
        assertThat(budget.reserve(701)).isEmpty();
        assertThat(budget.reserve(700)).isPresent();
    }

    @Test
    void reserveOrRefuse_saysWhatNeedsHowMuch_andThatTheBudgetIsFull() {
        SessionBudget budget = new SessionBudget(64L << 20);
        budget.reserveOrRefuse("one", 40L << 20);
        assertThatThrownBy(() -> budget.reserveOrRefuse("this replay", 30L << 20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("this replay needs about 30.0 MiB of the viewer's session memory, and its sessions hold "
                        + "40.0 MiB of their 64.0 MiB budget: close a session, or try again later");
        assertThat(budget.heldBytes()).isEqualTo(40L << 20);
    }

    @Test
    void randomReservationsAndReleases_neverHoldMoreThanTheBudget_andAllComeBack() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        SessionBudget budget = new SessionBudget(10_000);
        List<SessionBudget.Reservation> held = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < 10_000; i++) {
            if (random.nextBoolean() && !held.isEmpty()) {
                SessionBudget.Reservation released = held.remove(random.nextInt(held.size()));
                released.close();
                sum -= released.bytes();
            } else {
                long bytes = 1 + random.nextInt(3000);
                Optional<SessionBudget.Reservation> reserved = budget.reserve(bytes);
                assertThat(reserved.isPresent()).as("seed %d, step %d", seed, i).isEqualTo(sum + bytes <= 10_000);
                if (reserved.isPresent()) {
                    held.add(reserved.get());
                    sum += bytes;
                }
            }
            assertThat(budget.heldBytes()).as("seed %d, step %d", seed, i).isEqualTo(sum).isLessThanOrEqualTo(10_000);
        }
        held.forEach(SessionBudget.Reservation::close);
        assertThat(budget.heldBytes()).as("seed %d", seed).isZero();
    }

    @Test
    void replayBytes_countsStepsRouteCopiesCheckpointsAndTheSession() {
        ReplayArray route = new ReplayArray();
        for (int i = 0; i < 1000; i++) {
            route.add(1, (long) i);
        }
        ReplaySave save = route.saveState();
        long routeBytes = (long) save.commandArray().capacity() + save.paramArray().capacity();
        assertThat(SessionBudget.replayBytes(save, 8L << 20)).isEqualTo(1000 * SessionBudget.BYTES_PER_STEP
                + SessionBudget.ROUTE_COPIES * routeBytes + (8L << 20) + SessionBudget.SESSION_BYTES);
    }
}
