package dev.reprise.samples.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A stand-in verifier for tests of the plumbing: a submission's bytes are the name of the outcome it
 * gets ({@code "VALID"}, {@code "DESYNC"}, ...); anything else is {@code INVALID_FILE}. Known game: "stub".
 */
final class StubVerifier implements SubmissionVerifier {

    static final String GAME = "stub";
    private static final Set<String> OUTCOMES = Set.of("VALID", "DESYNC", "REJECTED", "FAILED", "TIMED_OUT");
    private final int parallelism;

    StubVerifier(int parallelism) {
        this.parallelism = parallelism;
    }

    @Override
    public Flux<VerifiedSubmission> verify(Flux<Submission> submissions) {
        return submissions.flatMap(s -> Mono.fromCallable(() -> judge(s)).subscribeOn(Schedulers.parallel()),
                parallelism, 1);
    }

    private static VerifiedSubmission judge(Submission s) {
        String text = new String(s.replay(), StandardCharsets.UTF_8);
        String outcome = OUTCOMES.contains(text) ? text : "INVALID_FILE";
        return verdict(s, outcome);
    }

    private static VerifiedSubmission verdict(Submission s, String outcome) {
        return new VerifiedSubmission(s.sequence(), s.id(), outcome,
                "{\"id\":\"" + s.id() + "\",\"outcome\":\"" + outcome + "\"}");
    }

    @Override
    public boolean knowsGame(String game) {
        return GAME.equals(game);
    }

    @Override
    public VerifiedSubmission invalid(Submission submission, String reason) {
        return verdict(submission, "INVALID_FILE");
    }
}
