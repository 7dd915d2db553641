package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * The typed {@code record} overloads record exactly what {@code record(int, Object...)} records for the
 * same values boxed, and publish the same steps: property-style over seeded random routes (the failing
 * seed is in the message).
 */
class ReplaySystemTypedRecordTest {

    private static final long BASE_SEED = 0x2EC0_2D00L;

    @Test
    void randomRoutes_typedAndObjectRecords_giveIdenticalBytes() {
        for (int c = 0; c < 100; c++) {
            long seed = BASE_SEED + c;
            try {
                check(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    private static void check(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ReplaySystem typed = new ReplaySystem();
        ReplaySystem boxed = new ReplaySystem();
        for (int i = random.nextInt(1, 60); i > 0; i--) {
            int code = random.nextInt(256);
            int a = random.nextInt();
            int b = random.nextInt(-200, 200);
            int c = random.nextInt(-40_000, 40_000);
            switch (random.nextInt(5)) {
                case 0 -> {
                    typed.record(code, a, b, c);
                    boxed.record(code, new Object[] {a, b, c});
                }
                case 1 -> {
                    typed.record(code, (a & 1) == 0);
                    boxed.record(code, new Object[] {(a & 1) == 0});
                }
                case 2 -> {
                    double d = Double.longBitsToDouble(random.nextLong());
                    typed.record(code, d);
                    boxed.record(code, new Object[] {d});
                }
                case 3 -> {
                    String s = "s" + a + (char) random.nextInt(0xFFFF);
                    typed.record(code, s);
                    boxed.record(code, new Object[] {s});
                }
                default -> {
                    typed.record(code, b, c);
                    boxed.record(code, new Object[] {b, c});
                }
            }
        }
        assertThat(typed.saveState()).isEqualTo(boxed.saveState());
    }

    @Test
    void typedRecords_arePublishedAsStored() {
        ReplaySystem system = new ReplaySystem();
        List<ReplayStep> expected = new ArrayList<>();
        expected.add(new ReplayStep(0, 1, List.of(1, 2, 3)));
        expected.add(new ReplayStep(1, 2, List.of(true)));
        expected.add(new ReplayStep(2, 3, List.of(3.0)));
        expected.add(new ReplayStep(3, 4, List.of("MT1")));
        StepVerifier.create(system.recorded())
                .then(() -> {
                    system.record(1, 1, 2, 3);
                    system.record(2, true);
                    system.record(3, 3.0);
                    system.record(4, "MT1");
                })
                .expectNextSequence(expected)
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }
}
