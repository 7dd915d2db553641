/**
 * Reprise: record what a player does in a deterministic game as a compact binary route and play it
 * back, step for step, as a Project Reactor {@code Flux} with backpressure.
 *
 * <p>Every package but {@code dev.reprise.internal} is API. The test kit ({@code dev.reprise.test})
 * reads reactor-test and JUnit only when a game's tests use it; the Kafka worker ({@code dev.reprise.kafka})
 * the replay tool ({@code dev.reprise.tool}) and the replay viewer ({@code dev.reprise.viewer}) read Kafka,
 * Jackson, picocli, Micrometer and Reactor Netty only when run: all of them are optional ({@code static}).
 */
module dev.reprise {
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
    requires com.github.benmanes.caffeine;
    requires static transitive org.jspecify;

    // The test kit: present in a game's test runtime, never needed by the core.
    requires static reactor.test;
    requires static org.junit.jupiter.api;
    requires static org.junit.jupiter.params;
    requires static org.opentest4j;

    // The Kafka worker and submitter, the replay tool, and their integrations: optional dependencies.
    // kafka-clients is not named here: its jar declares no module name, and a published descriptor must
    // not require a name guessed from a file name. On the module path it is an automatic module, which this
    // module reads anyway (reading reactor.core, an automatic module, reads them all): docs/modules.md.
    requires static com.fasterxml.jackson.databind;
    requires static info.picocli;
    requires static micrometer.core;
    // The replay viewer's server (dev.reprise.viewer): Reactor Netty, optional like the rest.
    requires static reactor.netty.http;
    requires static reactor.netty.core;
    requires static io.netty.codec.http;
    requires static io.netty.transport;
    requires static io.netty.buffer;
    requires static io.netty.common;
    requires static java.logging;

    uses dev.reprise.verify.ReplayVerifierProvider;
    uses dev.reprise.viewer.ViewerGame;

    exports dev.reprise;
    exports dev.reprise.command;
    exports dev.reprise.desync;
    exports dev.reprise.diagnostic;
    exports dev.reprise.io;
    exports dev.reprise.kafka;
    exports dev.reprise.playback;
    exports dev.reprise.route;
    exports dev.reprise.test;
    exports dev.reprise.tool;
    exports dev.reprise.verify;
    exports dev.reprise.viewer;

    // picocli sets the tool's option fields reflectively.
    opens dev.reprise.tool to info.picocli;
    opens dev.reprise.viewer to info.picocli;
}
