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

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Who may use the viewer: the Host a request names, the Origin of the page it comes from, the access token. */
class AccessGuardTest {

    private static final String TOKEN = "0123456789abcdef0123456789abcdef";
    private static final ViewerOptions LOOPBACK = ViewerOptions.defaults(Path.of("."));

    private static Optional<AccessGuard.Refusal> check(AccessGuard guard, @Nullable String host, @Nullable String origin) {
        return guard.check(host, origin, TOKEN, true);
    }

    private static int status(Optional<AccessGuard.Refusal> refusal) {
        return refusal.map(AccessGuard.Refusal::status).orElse(200);
    }

    @Test
    void host_thatNamesTheViewer_isAnswered_anyOtherRefused() {
        AccessGuard guard = new AccessGuard(LOOPBACK, TOKEN);
        for (String host : List.of("127.0.0.1:8080", "127.0.0.1", "localhost:8080", "LOCALHOST:8080", "[::1]:8080",
                "127.1.2.3:8080")) {
            assertThat(check(guard, host, null)).as(host).isEmpty();
        }
        for (String host : List.of("attacker.example", "attacker.example:8080", "localhost.attacker.example:8080",
                "127.0.0.1.nip.io:8080", "192.168.1.20:8080", "localhost.:8080", "127.0.0.1:80:80", "[::1",
                "[::1]x", "127.0.0.1:port", ":8080")) {
            assertThat(status(check(guard, host, null))).as(host).isEqualTo(403);
        }
        assertThat(check(guard, "attacker.example:8080", null).orElseThrow().message())
                .isEqualTo("the viewer does not answer to the host \"attacker.example:8080\": it answers to localhost, "
                        + "127.0.0.1 (more with --allow-host)");
        assertThat(check(guard, null, null)).contains(new AccessGuard.Refusal(400, "a request needs a Host header"));
        assertThat(status(check(guard, " ", null))).isEqualTo(400);
    }

    @Test
    void host_allowedByTheOptions_orAnyAddressWhenBoundToAll_isAnswered() {
        AccessGuard named = new AccessGuard(LOOPBACK.withAllowedHosts(List.of("Viewer.Example.com")), TOKEN);
        assertThat(check(named, "viewer.example.com", null)).isEmpty();
        assertThat(check(named, "VIEWER.example.com:443", null)).isEmpty();
        assertThat(status(check(named, "other.example.com", null))).isEqualTo(403);

        AccessGuard all = new AccessGuard(LOOPBACK.withHost("0.0.0.0"), TOKEN);
        assertThat(check(all, "192.168.1.20:8080", null)).isEmpty();
        assertThat(check(all, "[fe80::1]:8080", null)).isEmpty();
        assertThat(status(check(all, "mybox.local:8080", null))).as("a name is never implied").isEqualTo(403);

        AccessGuard lan = new AccessGuard(LOOPBACK.withHost("192.168.1.20"), TOKEN);
        assertThat(check(lan, "192.168.1.20:8080", null)).isEmpty();
        assertThat(status(check(lan, "192.168.1.21:8080", null))).isEqualTo(403);
    }

    @Test
    void origin_ofTheViewersOwnPage_orAllowed_isAnswered_anyOtherRefused() {
        AccessGuard guard = new AccessGuard(LOOPBACK.withAllowedOrigins(List.of("https://Dashboard.example.com")), TOKEN);
        assertThat(check(guard, "127.0.0.1:8080", "http://127.0.0.1:8080")).isEmpty();
        assertThat(check(guard, "localhost:8080", "HTTP://LOCALHOST:8080")).isEmpty();
        assertThat(check(guard, "127.0.0.1:8080", "https://dashboard.example.com")).isEmpty();
        assertThat(check(guard, "127.0.0.1:8080", null)).as("not a browser's page").isEmpty();
        for (String origin : List.of("http://attacker.example", "http://127.0.0.1:8081", "http://localhost:8080",
                "null", "file://", "https://dashboard.example.com:444", "http://127.0.0.1:8080.attacker.example")) {
            assertThat(status(check(guard, "127.0.0.1:8080", origin))).as(origin).isEqualTo(403);
        }
        assertThat(check(guard, "127.0.0.1:8080", "http://attacker.example").orElseThrow().message())
                .isEqualTo("the viewer does not answer pages from \"http://attacker.example\": only its own page "
                        + "(more origins with --allow-origin)");
    }

    @Test
    void token_isNeededByTheApi_notByThePage_andMustBeTheViewersOwn() {
        AccessGuard guard = new AccessGuard(LOOPBACK, TOKEN);
        assertThat(guard.check("127.0.0.1:8080", null, TOKEN, true)).isEmpty();
        assertThat(guard.check("127.0.0.1:8080", null, null, false)).as("the page and its files").isEmpty();
        assertThat(guard.check("127.0.0.1:8080", null, null, true).orElseThrow())
                .isEqualTo(new AccessGuard.Refusal(401, "this viewer needs its access token: open the address it "
                        + "printed, which ends in ?token=..."));
        for (String wrong : List.of("", "0123456789abcdef", TOKEN.toUpperCase(), TOKEN + "0", TOKEN.replace('f', 'e'))) {
            assertThat(status(guard.check("127.0.0.1:8080", null, wrong, true))).as(wrong).isEqualTo(401);
        }
        AccessGuard open = new AccessGuard(LOOPBACK.withoutAccessToken(), null);
        assertThat(open.check("127.0.0.1:8080", null, null, true)).isEmpty();
        assertThat(status(open.check("attacker.example", null, null, true))).as("the Host still counts").isEqualTo(403);
    }
}
