/**
 * Reprise's test kit: {@code PlaybackStepVerifier} for playback, JUnit sources and assertions over replay
 * files, and routes for tests (checking by invariants and shrinking are the core's {@code dev.reprise.shrink}). A game's tests use it at test scope, beside
 * reactor-test.
 */
module dev.reprise.test {
    requires transitive dev.reprise;
    requires transitive reactor.test;
    requires transitive org.junit.jupiter.api;
    requires transitive org.junit.jupiter.params;
    requires org.opentest4j;

    exports dev.reprise.test;
}
