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
package dev.reprise.testing;

import dev.reprise.verify.ReplayVerifierProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * Game jars whose code misbehaves, compiled at test time ({@link GameJars#compileJar}) for the tests of
 * foreign code: a provider whose static initializer never returns, one that throws, one that runs out of
 * memory or stack, and a zip bomb. Each provides {@link ReplayVerifierProvider} {@value #PROVIDER} of game
 * {@value #GAME_ID}. Small and quick to build: a class or two each. Thread-safe.
 */
public final class BadGameJars {

    /** The game id the providers give, when they give one. */
    public static final String GAME_ID = "test.bad";
    /** The provider's class name in every bad jar. */
    public static final String PROVIDER = "test.bad.BadGame";

    /** A static initializer that never returns (it sleeps, so as not to burn a core of the test machine). */
    public static final String HANGS = "while (System.nanoTime() != 0) { try { Thread.sleep(50); } "
            + "catch (InterruptedException e) { } }";
    /** A static initializer that throws. */
    public static final String THROWS = "if (true) { throw new IllegalStateException(\"bad static init\"); }";
    /** A class that cannot be found at run time (what a jar built against a missing library does). */
    public static final String NO_CLASS_DEF = "if (true) { throw new NoClassDefFoundError(\"test/missing/Lib\"); }";
    /** A provider's game id that runs out of memory. */
    public static final String OUT_OF_MEMORY = "throw new OutOfMemoryError(\"test: the game's heap\");";
    /** A provider's game id that overflows its stack. */
    public static final String STACK_OVERFLOW = "return deep(0);";

    private static final String SOURCE = """
            package test.bad;

            import dev.reprise.verify.ReplayVerifier;
            import dev.reprise.verify.ReplayVerifierProvider;

            public final class BadGame implements ReplayVerifierProvider {
                static {
                    @STATIC@
                }

                private static String deep(int depth) {
                    return depth < 0 ? "" : deep(depth + 1) + ".";
                }

                @Override
                public String gameId() {
                    @GAME_ID@
                }

                @Override
                public ReplayVerifier.Builder verifier() {
                    @VERIFIER@
                }
            }
            """;

    private BadGameJars() {
    }

    /**
     * Writes a jar whose provider runs the given code.
     *
     * @param folder   where the jar goes (moved in whole, as an operator installs it)
     * @param name     its file name
     * @param init     the provider's static initializer's body; "" for none
     * @param gameId   the body of {@code gameId()}; null to return {@value #GAME_ID}
     * @param verifier the body of {@code verifier()}; null to throw {@link UnsupportedOperationException}
     * @return the jar
     */
    public static Path provider(Path folder, String name, String init, @Nullable String gameId,
                                @Nullable String verifier) {
        String source = SOURCE.replace("@STATIC@", init)
                .replace("@GAME_ID@", gameId == null ? "return \"" + GAME_ID + "\";" : gameId)
                .replace("@VERIFIER@", verifier == null ? "throw new UnsupportedOperationException();" : verifier);
        try {
            Path work = Files.createTempDirectory("reprise-bad-jar-");
            Path jar = GameJars.compileJar(work, name, Map.of("test/bad/BadGame.java", source),
                    Map.of(services(), PROVIDER + "\n"));
            return Files.move(jar, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a zip bomb named {@code .jar}: a jar of a few kilobytes whose service file inflates to
     * {@code inflatedBytes} bytes of one line.
     *
     * @param folder        where the jar goes
     * @param name          its file name
     * @param inflatedBytes the size of the service file, inflated
     * @return the jar
     */
    public static Path zipBomb(Path folder, String name, int inflatedBytes) {
        Path jar = folder.resolve(name);
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry(services()));
            for (int left = inflatedBytes; left > 0; left -= chunk.length) {
                zip.write(chunk, 0, Math.min(left, chunk.length));
            }
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jar;
    }

    private static String services() {
        return "META-INF/services/" + ReplayVerifierProvider.class.getName();
    }
}
