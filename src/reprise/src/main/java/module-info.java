/**
 * Reprise: record what a player does in a deterministic game as a compact binary route and play it
 * back, step for step, as a Project Reactor {@code Flux} with backpressure.
 *
 * <p>The core: the route, replay files, commands, playback, desync detection, verification, and
 * shrinking a failing replay to a regression case. It reads
 * reactor-core (with Reactive Streams), Caffeine and JSpecify, nothing else. Every package but
 * {@code dev.reprise.internal} and {@code dev.reprise.internal.answer} is API; those two are exported to
 * no module.
 */
module dev.reprise {
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
    requires com.github.benmanes.caffeine;
    requires static transitive org.jspecify;

    uses dev.reprise.verify.ReplayVerifierProvider;

    exports dev.reprise;
    exports dev.reprise.command;
    exports dev.reprise.desync;
    exports dev.reprise.diagnostic;
    exports dev.reprise.edit;
    exports dev.reprise.io;
    exports dev.reprise.playback;
    exports dev.reprise.route;
    exports dev.reprise.shrink;
    exports dev.reprise.verify;
}
