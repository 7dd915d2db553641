/**
 * Reprise's replay viewer: a Reactor Netty server that plays any game's replays in a browser page, and its
 * command line.
 */
module dev.reprise.viewer {
    requires transitive dev.reprise;
    requires reactor.netty.http;
    requires reactor.netty.core;
    requires io.netty.codec.http;
    requires io.netty.transport;
    requires io.netty.buffer;
    requires io.netty.common;
    requires com.fasterxml.jackson.databind;
    requires info.picocli;

    uses dev.reprise.viewer.ViewerGame;

    exports dev.reprise.viewer;

    // picocli sets the command line's option fields reflectively.
    opens dev.reprise.viewer to info.picocli;
}
