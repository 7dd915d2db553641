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

import io.netty.util.NetUtil;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Who may use the viewer, checked on every request before it is routed:
 * <ol>
 *   <li>its {@code Host} must name this viewer: {@code localhost}, the bound address, a loopback address
 *       (any IP address when bound to all of them) or a host name the options allow. A page whose own name an
 *       attacker points at this machine (DNS rebinding) sends its own name, and is refused;</li>
 *   <li>an {@code Origin}, which browsers send with every WebSocket upgrade, upload and cross-site request,
 *       must be the viewer's own ({@code http://} or {@code https://} and the request's {@code Host}) or one
 *       the options allow: another site's page cannot open a session (cross-site WebSocket hijacking). A
 *       request without one is not a browser's page acting on its own;</li>
 *   <li>the API and the WebSocket need the access token (the {@code token} query parameter) when one is
 *       set: nobody else on the machine or the network can use them, whatever their requests say.</li>
 * </ol>
 * Immutable and thread-safe.
 */
final class AccessGuard {

    /**
     * Why a request is refused.
     *
     * @param status the HTTP status: 400 (no Host), 403 (a Host or Origin not the viewer's), 401 (no or a
     *     wrong access token)
     * @param message what was refused and what to do about it
     */
    record Refusal(int status, String message) {
    }

    private final Set<String> hosts = new LinkedHashSet<>();
    private final byte @Nullable [] boundAddress;
    private final boolean boundToAll;
    private final Set<String> origins;
    private final byte @Nullable [] token;

    /**
     * @param options the bound address and what the user allowed
     * @param token the access token the API and the WebSocket need, or {@code null} for none
     */
    AccessGuard(ViewerOptions options, @Nullable String token) {
        String bound = options.host().toLowerCase(Locale.ROOT);
        hosts.add("localhost");
        hosts.add(bound);
        hosts.addAll(options.allowedHosts());
        this.boundAddress = address(bound);
        this.boundToAll = boundAddress != null && isZero(boundAddress);
        this.origins = Set.copyOf(options.allowedOrigins());
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Checks one request.
     *
     * @param host its {@code Host} header, or {@code null} if it has none
     * @param origin its {@code Origin} header, or {@code null} if it has none
     * @param givenToken its {@code token} query parameter, or {@code null} if it has none
     * @param needsToken whether the route needs the access token (the API and the WebSocket do; the page and
     *     its files do not)
     * @return why it is refused, or empty if it may go on
     */
    Optional<Refusal> check(@Nullable String host, @Nullable String origin, @Nullable String givenToken,
            boolean needsToken) {
        if (host == null || host.isBlank()) {
            return Optional.of(new Refusal(400, "a request needs a Host header"));
        }
        String hostLower = host.trim().toLowerCase(Locale.ROOT);
        String name = nameOf(hostLower);
        if (name == null || !allowedHost(name)) {
            return Optional.of(new Refusal(403, "the viewer does not answer to the host \"" + printable(host)
                    + "\": it answers to " + String.join(", ", hosts) + " (more with --allow-host)"));
        }
        if (origin != null) {
            String originLower = origin.trim().toLowerCase(Locale.ROOT);
            if (!originLower.equals("http://" + hostLower) && !originLower.equals("https://" + hostLower)
                    && !origins.contains(originLower)) {
                return Optional.of(new Refusal(403, "the viewer does not answer pages from \"" + printable(origin)
                        + "\": only its own page (more origins with --allow-origin)"));
            }
        }
        if (needsToken && token != null) {
            if (givenToken == null) {
                return Optional.of(new Refusal(401, "this viewer needs its access token: open the address it "
                        + "printed, which ends in ?token=..."));
            }
            if (!MessageDigest.isEqual(token, givenToken.getBytes(StandardCharsets.UTF_8))) {
                return Optional.of(new Refusal(401, "wrong access token: open the address the viewer printed"));
            }
        }
        return Optional.empty();
    }

    private boolean allowedHost(String name) {
        if (hosts.contains(name)) {
            return true;
        }
        byte[] literal = address(name);
        return literal != null && (boundToAll || isLoopback(literal)
                || boundAddress != null && MessageDigest.isEqual(literal, boundAddress));
    }

    /** The host name of a {@code Host} header, without its port; {@code null} if it is malformed. */
    private static @Nullable String nameOf(String host) {
        int colon = host.lastIndexOf(':');
        String name = host;
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            if (close < 0 || close != host.length() - 1 && host.charAt(close + 1) != ':') {
                return null;
            }
            name = host.substring(0, close + 1);
            colon = close + 1 < host.length() ? close + 1 : -1;
        } else if (colon >= 0) {
            name = host.substring(0, colon);
        }
        if (colon >= 0 && !host.substring(colon + 1).matches("[0-9]{1,5}")) {
            return null;
        }
        return name.isEmpty() ? null : name;
    }

    /** The bytes of an IP literal ({@code 127.0.0.1}, {@code [::1]} or {@code ::1}), never a name lookup. */
    private static byte @Nullable [] address(String name) {
        String bare = name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
        return NetUtil.createByteArrayFromIpAddressString(bare);
    }

    private static boolean isLoopback(byte[] address) {
        if (address.length == 4) {
            return address[0] == 127;
        }
        for (int i = 0; i < 15; i++) {
            if (address[i] != 0) {
                return false;
            }
        }
        return address[15] == 1;
    }

    private static boolean isZero(byte[] address) {
        for (byte b : address) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** A header value as a message may quote it: at most 100 printable ASCII characters. */
    private static String printable(String value) {
        String shown = value.length() > 100 ? value.substring(0, 100) + "..." : value;
        return shown.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
