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

import dev.reprise.io.ReplayFileReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link ViewerServer} runs: where it binds, which folder it serves replays from, the limits that
 * bound each session and all of them together, who may use it (host names, origins, the access
 * token), and whether it plays the game jars of a builds folder. Immutable; the {@code with...} methods
 * return changed copies.
 */
public final class ViewerOptions {

    /** Speed 1 plays this many steps per second. */
    public static final int STEPS_PER_SECOND_AT_1X = 10;

    private final Path folder;
    private final String host;
    private final int port;
    private final Duration stepInterval;
    private final int maxCredits;
    private final Duration idleTimeout;
    private final Duration dialogTimeout;
    private final int checkpointInterval;
    private final long checkpointBudget;
    private final int maxSessions;
    private final long sessionBudget;
    private final ReplayFileReader reader;
    private final ServerLimits limits;
    private final boolean live;
    private final Access access;
    private final @Nullable Path builds;

    /** Who may use the viewer besides its own page on its bound address: host names, origins, the token. */
    private record Access(List<String> hosts, List<String> origins, boolean tokenRequired, @Nullable String token) {
        static final Access DEFAULT = new Access(List.of(), List.of(), true, null);
    }

    private static final Pattern HOST_NAME = Pattern.compile("[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?|\\[[0-9a-f:.]{2,45}\\]");
    private static final Pattern ORIGIN = Pattern.compile("https?://([a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?"
            + "|\\[[0-9a-f:.]{2,45}\\])(:[0-9]{1,5})?");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9._~-]{16,256}");

    private ViewerOptions(Path folder, String host, int port, Duration stepInterval, int maxCredits,
            Duration idleTimeout, Duration dialogTimeout, int checkpointInterval, long checkpointBudget,
            int maxSessions, long sessionBudget, ReplayFileReader reader, ServerLimits limits, boolean live,
            Access access, @Nullable Path builds) {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(limits, "limits");
        require(port >= 0 && port <= 65535, "port must be 0..65535, was " + port);
        require(!stepInterval.isNegative(), "stepInterval must not be negative, was " + stepInterval);
        require(maxCredits >= 1 && maxCredits <= 4096, "maxCredits must be 1..4096, was " + maxCredits);
        require(idleTimeout.toMillis() >= 100, "idleTimeout must be at least 100 ms, was " + idleTimeout);
        require(dialogTimeout.toMillis() >= 10, "dialogTimeout must be at least 10 ms, was " + dialogTimeout);
        require(checkpointInterval >= 1, "checkpointInterval must be at least 1, was " + checkpointInterval);
        require(checkpointBudget >= 0, "checkpointBudget must not be negative, was " + checkpointBudget);
        require(maxSessions >= 1, "maxSessions must be at least 1, was " + maxSessions);
        require(sessionBudget >= 1 << 20, "sessionBudget must be at least 1 MiB (1048576 bytes), was " + sessionBudget);
        this.folder = folder;
        this.host = host;
        this.port = port;
        this.stepInterval = stepInterval;
        this.maxCredits = maxCredits;
        this.idleTimeout = idleTimeout;
        this.dialogTimeout = dialogTimeout;
        this.checkpointInterval = checkpointInterval;
        this.checkpointBudget = checkpointBudget;
        this.maxSessions = maxSessions;
        this.sessionBudget = sessionBudget;
        this.reader = reader;
        this.limits = limits;
        this.live = live;
        this.access = access;
        this.builds = builds;
    }

    /**
     * Returns the defaults for a folder: 127.0.0.1, a free port, 10 steps/s at speed 1, 256 credits,
     * 60 s idle timeout, 15 s dialogs, a checkpoint every 500 steps within 8 MiB, 64 sessions holding at
     * most half the JVM's maximum heap together, a reader capped at 1,000,000 steps and 8 MiB of params,
     * {@link ServerLimits#defaults()}, live games shown; requests answered only for the bound address,
     * {@code localhost} and the loopback addresses and from the viewer's own page, the API and WebSocket
     * with a random access token.
     *
     * @param folder the replay folder
     * @return the options
     */
    public static ViewerOptions defaults(Path folder) {
        return new ViewerOptions(folder, "127.0.0.1", 0, Duration.ofMillis(1000 / STEPS_PER_SECOND_AT_1X), 256,
                Duration.ofSeconds(60), Duration.ofSeconds(15), 500, 8L << 20, 64, defaultSessionBudget(),
                ReplayFileReader.builder().maxSteps(1_000_000).maxParamBytes(8 << 20).maxHeaderBytes(64 << 10).build(),
                ServerLimits.defaults(), true, Access.DEFAULT, null);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the replay folder
     * @return the copy
     */
    public ViewerOptions withFolder(Path value) {
        return new ViewerOptions(value, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the port, 0 for a free one
     * @return the copy
     */
    public ViewerOptions withPort(int value) {
        return new ViewerOptions(folder, host, value, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the address to bind
     * @return the copy
     */
    public ViewerOptions withHost(String value) {
        return new ViewerOptions(folder, value, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the time between steps at speed 1, zero for unpaced
     * @return the copy
     */
    public ViewerOptions withStepInterval(Duration value) {
        return new ViewerOptions(folder, host, port, value, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value how long a choice waits for the person
     * @return the copy
     */
    public ViewerOptions withDialogTimeout(Duration value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, value,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value how long a silent page keeps its session
     * @return the copy
     */
    public ViewerOptions withIdleTimeout(Duration value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, value, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value steps between checkpoints
     * @return the copy
     */
    public ViewerOptions withCheckpointInterval(int value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                value, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the most estimated bytes all sessions hold together (at least 1 MiB); a session that
     *     does not fit is refused, saying so
     * @return the copy
     */
    public ViewerOptions withSessionBudget(long value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, value, reader, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the reader every file and upload is read with (its caps)
     * @return the copy
     */
    public ViewerOptions withReader(ReplayFileReader value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, value, limits, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value the HTTP side's limits
     * @return the copy
     */
    public ViewerOptions withLimits(ServerLimits value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, value, live, access, builds);
    }

    /**
     * Returns a copy with another value of one option.
     *
     * @param value whether the page may watch the games' live games
     * @return the copy
     */
    public ViewerOptions withLive(boolean value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, value, access, builds);
    }

    /**
     * Returns a copy that plays the game jars of a folder instead of the games given to
     * {@link ViewerServer#start}: each jar in its own class loader, each replay on the jar whose game id and
     * builds ({@link ViewerGame#gameBuilds()}) match its header, that jar kept loaded while a page has the
     * replay open. Jars added to the folder are used for the next replay, jars removed are unloaded once no
     * page has their replays open (see {@link dev.reprise.verify.GameBuilds}).
     *
     * @param folder the folder of game jars; {@link ViewerServer#start} refuses it if it is missing, not a
     *     folder or holds no game jar
     * @return the copy
     */
    public ViewerOptions withBuilds(Path folder) {
        Objects.requireNonNull(folder, "builds");
        return new ViewerOptions(this.folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, folder);
    }

    /**
     * Returns a copy that also answers to these host names (a reverse proxy's, the machine's name on the
     * network). Requests are refused unless their {@code Host} names the bound address, {@code localhost}, a
     * loopback address (any address when bound to all), or one of these: so a page whose name an attacker
     * points at this machine (DNS rebinding) cannot reach the viewer.
     *
     * @param names host names or IP literals ({@code [::1]} for IPv6), no scheme and no port; replaces the
     *     earlier ones
     * @return the copy
     * @throws IllegalArgumentException naming a value that is not a host name
     */
    public ViewerOptions withAllowedHosts(List<String> names) {
        List<String> hosts = lowerCase(names, HOST_NAME, name -> "allowed host \"" + name + "\" is not a host name: "
                + "give the name alone, e.g. viewer.example.com or [::1], without a scheme or a port");
        return withAccess(new Access(hosts, access.origins(), access.tokenRequired(), access.token()));
    }

    /**
     * Returns a copy that also lets pages from these origins use it (a dashboard that embeds it). A request
     * that carries an {@code Origin} (browsers send one with every WebSocket upgrade, upload and cross-site
     * request) is refused unless it is the viewer's own page or one of these: so another site's page cannot
     * drive it (cross-site WebSocket hijacking).
     *
     * @param values origins, {@code http://} or {@code https://}, a host and an optional port, nothing
     *     more; replaces the earlier ones
     * @return the copy
     * @throws IllegalArgumentException naming a value that is not an origin
     */
    public ViewerOptions withAllowedOrigins(List<String> values) {
        List<String> origins = lowerCase(values, ORIGIN, value -> "allowed origin \"" + value + "\" is not an origin: "
                + "give a scheme, a host and an optional port, e.g. https://dashboard.example.com:8443, with no path");
        return withAccess(new Access(access.hosts(), origins, access.tokenRequired(), access.token()));
    }

    /**
     * Returns a copy whose API and WebSocket need this access token instead of a random one: for a script or a
     * bookmark that must know it in advance.
     *
     * @param token 16 to 256 of {@code A-Z a-z 0-9 . _ ~ -}
     * @return the copy
     * @throws IllegalArgumentException if the token is shorter or has other characters
     */
    public ViewerOptions withAccessToken(String token) {
        require(TOKEN.matcher(token).matches(), "an access token needs 16 to 256 of A-Z a-z 0-9 . _ ~ -, was "
                + token.length() + " characters" + (token.chars().allMatch(c -> c < 128
                && (Character.isLetterOrDigit(c) || "._~-".indexOf(c) >= 0)) ? "" : " with others"));
        return withAccess(new Access(access.hosts(), access.origins(), true, token));
    }

    /**
     * Returns a copy that needs no access token: anybody who can reach its address may use it (the Host and
     * Origin checks still hold). For a viewer on a machine of one's own, behind its own authentication.
     *
     * @return the copy
     */
    public ViewerOptions withoutAccessToken() {
        return withAccess(new Access(access.hosts(), access.origins(), false, null));
    }

    /** Lower-cases values that must match a pattern, refusing the first that does not with its message. */
    private static List<String> lowerCase(List<String> values, Pattern pattern, Function<String, String> refusal) {
        List<String> lower = new ArrayList<>();
        for (String value : values) {
            String each = value.toLowerCase(Locale.ROOT);
            require(pattern.matcher(each).matches(), refusal.apply(value));
            lower.add(each);
        }
        return List.copyOf(lower);
    }

    private ViewerOptions withAccess(Access value) {
        return new ViewerOptions(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, value, builds);
    }

    /** Half the JVM's maximum heap ({@code -Xmx}): the rest is for reading files, uploads, the games and Netty. */
    private static long defaultSessionBudget() {
        return Math.max(1L << 20, Runtime.getRuntime().maxMemory() / 2);
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /**
     * Returns the folder whose {@code .reprise} files the page may pick (only files directly inside it).
     *
     * @return the folder
     */
    public Path folder() {
        return folder;
    }

    /**
     * Returns the address to bind, {@code 127.0.0.1} by default.
     *
     * @return the host
     */
    public String host() {
        return host;
    }

    /**
     * Returns the port, 0 for a free one.
     *
     * @return the port
     */
    public int port() {
        return port;
    }

    /**
     * Returns the time between steps at speed 1; zero plays unpaced (as fast as credits allow).
     *
     * @return the step interval
     */
    public Duration stepInterval() {
        return stepInterval;
    }

    /**
     * Returns the most step messages a page may have granted and not yet received.
     *
     * @return the max credits
     */
    public int maxCredits() {
        return maxCredits;
    }

    /**
     * Returns how long a session may go without a message from its page before it is closed.
     *
     * @return the idle timeout
     */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    /**
     * Returns how long an interactive choice waits for the person before the route's own answer is used.
     *
     * @return the dialog timeout
     */
    public Duration dialogTimeout() {
        return dialogTimeout;
    }

    /**
     * Returns how many steps lie between two seek checkpoints.
     *
     * @return the checkpoint interval
     */
    public int checkpointInterval() {
        return checkpointInterval;
    }

    /**
     * Returns the most estimated bytes of checkpoints one session keeps.
     *
     * @return the checkpoint budget
     */
    public long checkpointBudget() {
        return checkpointBudget;
    }

    /**
     * Returns the most sessions at once; more are refused with a reason.
     *
     * @return the max sessions
     */
    public int maxSessions() {
        return maxSessions;
    }

    /**
     * Returns the most estimated bytes all sessions hold together: each replay's route (its copies and
     * per-step offsets), its checkpoints at {@link #checkpointBudget()}, a live spectator's catch-up and
     * buffer. A session's playback that does not fit is refused with a message saying so.
     *
     * @return the session budget, half the JVM's maximum heap by default
     */
    public long sessionBudget() {
        return sessionBudget;
    }

    /**
     * Returns the reader (and so the caps) every file and upload is read with.
     *
     * @return the reader
     */
    public ReplayFileReader reader() {
        return reader;
    }

    /**
     * Returns what the HTTP side holds at most: connections, their timeouts, upload memory.
     *
     * @return the limits
     */
    public ServerLimits limits() {
        return limits;
    }

    /**
     * Returns whether the page may watch the games' live games ({@link ViewerGame#live()}).
     *
     * @return the live
     */
    public boolean live() {
        return live;
    }

    /**
     * Returns the folder of game jars the viewer plays, if {@link #withBuilds} set one.
     *
     * @return the folder, or empty (the default) to play the games given to {@link ViewerServer#start}
     */
    public Optional<Path> builds() {
        return Optional.ofNullable(builds);
    }

    /**
     * Returns the host names the viewer answers to besides its bound address, {@code localhost} and the
     * loopback addresses.
     *
     * @return lower-case names, empty by default
     */
    public List<String> allowedHosts() {
        return access.hosts();
    }

    /**
     * Returns the origins whose pages may use the viewer besides its own.
     *
     * @return lower-case origins, empty by default
     */
    public List<String> allowedOrigins() {
        return access.origins();
    }

    /**
     * Returns whether the API and the WebSocket need the access token that the viewer's address carries
     * ({@code ?token=}); the page and its files need none.
     *
     * @return {@code true} by default
     */
    public boolean accessTokenRequired() {
        return access.tokenRequired();
    }

    /**
     * Returns the access token given with {@link #withAccessToken}.
     *
     * @return the token, or empty (the default) for a random one made when the server starts, if one is
     *     required
     */
    public Optional<String> accessToken() {
        return Optional.ofNullable(access.token());
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof ViewerOptions that && folder.equals(that.folder) && host.equals(that.host)
                && port == that.port && stepInterval.equals(that.stepInterval)
                && maxCredits == that.maxCredits && idleTimeout.equals(that.idleTimeout)
                && dialogTimeout.equals(that.dialogTimeout) && checkpointInterval == that.checkpointInterval
                && checkpointBudget == that.checkpointBudget && maxSessions == that.maxSessions
                && sessionBudget == that.sessionBudget
                && reader.equals(that.reader) && limits.equals(that.limits) && live == that.live
                && access.equals(that.access) && Objects.equals(builds, that.builds);
    }

    @Override
    public int hashCode() {
        return Objects.hash(folder, host, port, stepInterval, maxCredits, idleTimeout, dialogTimeout,
                checkpointInterval, checkpointBudget, maxSessions, sessionBudget, reader, limits, live, access, builds);
    }

    @Override
    public String toString() {
        return "ViewerOptions[" + "folder=" + folder + ", " + "host=" + host + ", " + "port=" + port + ", "
                + "stepInterval=" + stepInterval + ", " + "maxCredits=" + maxCredits + ", "
                + "idleTimeout=" + idleTimeout + ", " + "dialogTimeout=" + dialogTimeout + ", "
                + "checkpointInterval=" + checkpointInterval + ", " + "checkpointBudget=" + checkpointBudget + ", "
                + "maxSessions=" + maxSessions + ", " + "sessionBudget=" + sessionBudget + ", " + "reader=" + reader + ", " + "limits=" + limits + ", "
                + "live=" + live + ", " + "allowedHosts=" + access.hosts() + ", " + "allowedOrigins=" + access.origins()
                + ", " + "accessToken=" + (!access.tokenRequired() ? "none" : access.token() == null ? "random" : "fixed")
                + ", builds=" + (builds == null ? "none" : builds) + "]";
    }
}
