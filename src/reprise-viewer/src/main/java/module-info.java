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
