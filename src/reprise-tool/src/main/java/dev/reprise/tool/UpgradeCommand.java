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
package dev.reprise.tool;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayMismatch;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.io.ReplayUpgrade;
import dev.reprise.verify.BuildCompatibility;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Reproduction;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code upgrade}: rewrites replays of an older build as the installed build plays them, by the upgrades the
 * game declares ({@code ReplayVerifier.Builder.upgrade}): renamed and renumbered commands, params added with
 * their default or removed, commands removed. Each upgraded replay is played on the installed build before
 * it is written, and written only if it reproduces there, so that an upgrade never leaves a replay that
 * plays on no build ({@code --force} writes it anyway). The upgraded file names the installed build in its
 * header and keeps the build that recorded it in the metadata {@value ReplayUpgrade#ORIGIN_BUILD_KEY}; it is
 * written atomically, never over its input (nor through a link to it).
 *
 * <p>{@code upgrade IN OUT} upgrades one file; {@code upgrade --out=DIR FILE|DIR...} many in one run, each
 * into DIR under its file name (a folder's replays under their path in that folder). Exit codes are
 * {@code compat}'s: {@link ReplayTool#OK} when every replay was upgraded and reproduces, {@link
 * ReplayTool#FAILED} when one could not be upgraded, does not reproduce or could not be read or written (the
 * others are still written), {@link ReplayTool#NOT_RUN} when nothing could run (no game installed, a
 * folder of several builds and no {@code --build}, an output that is an input, a usage error).
 */
@Command(name = "upgrade", description = {
    "Rewrites replays of an older build for the installed build (a ReplayVerifierProvider on the class path, or the "
        + "game jar of --builds: its only build of the game, or the one --build names), applying the upgrades the "
        + "game declares, and plays each upgraded replay on that build: it is written only if it reproduces (or "
        + "with --force), atomically, never over its input. The origin build is kept in the metadata "
        + ReplayUpgrade.ORIGIN_BUILD_KEY + ".",
    "upgrade IN OUT for one file, upgrade --out=DIR FILE|DIR... for many (folders are walked for *"
        + ReplayFinder.EXTENSION + " files).",
    "Exit code 0 if every replay was upgraded and reproduces, 1 if one was not (it is named, and nothing is "
        + "written for it), 125 if nothing could run (no game installed, several builds and no --build, an output "
        + "that is an input, a usage error)."})
final class UpgradeCommand extends ToolCommand {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "IN OUT; or, with --out, the replay files and "
            + "folders to upgrade")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "write each upgraded replay into DIR (made if "
            + "missing), under its file name")
    @Nullable Path out;

    @Option(names = "--force", description = "write an upgraded replay even if it does not reproduce on the "
            + "installed build (never over its input)")
    boolean force;

    @Mixin
    GameOptions games = new GameOptions();

    @Mixin
    TimeoutOption timeout = new TimeoutOption();

    /** One replay to upgrade: where it is, where it goes, and why it cannot be read if that is known already. */
    private record Job(Path input, Path output, @Nullable String problem) {
    }

    @Override
    public Integer call() {
        List<Job> jobs = jobs();
        InstalledGames installed;
        try {
            installed = games.open(this);
        } catch (IllegalArgumentException e) {
            return notRun(e.getMessage());
        }
        try (installed) {
            InstalledGames.Installed on;
            ReplayVerifier verifier;
            try {
                on = installed.single();
                verifier = on.verifier(timeout.timeout());
            } catch (RuntimeException e) {
                return notRun(e.getMessage());
            }
            int failed = 0;
            for (Job job : jobs) {
                if (!upgrade(job, on, verifier)) {
                    failed++;
                }
            }
            return failed == 0 ? ReplayTool.OK : ReplayTool.FAILED;
        }
    }

    /** The replays to upgrade and where each goes; a usage error if the paths say no clear thing. */
    private List<Job> jobs() {
        List<Job> jobs = new ArrayList<>();
        Path folder = out;
        if (folder == null) {
            if (paths.size() != 2) {
                throw usage("give IN OUT, or --out=DIR and the replay files and folders to upgrade");
            }
            jobs.add(new Job(paths.get(0), paths.get(1), ToolFiles.problem(paths.get(0))));
        } else {
            if (Files.exists(folder) && !Files.isDirectory(folder)) {
                throw usage("--out=" + folder + " is not a folder");
            }
            for (Path argument : paths) {
                boolean walked = Files.isDirectory(argument);
                for (ReplayFinder.Found found : ReplayFinder.find(List.of(argument))) {
                    Path relative = walked ? argument.relativize(found.path()) : found.path().getFileName();
                    jobs.add(new Job(found.path(), folder.resolve(relative == null ? found.path() : relative),
                            found.problem()));
                }
            }
        }
        Set<Path> outputs = new HashSet<>();
        for (Job job : jobs) {
            if (!outputs.add(job.output().toAbsolutePath().normalize())) {
                throw usage("two replays would be written to " + job.output() + ": upgrade them into separate folders");
            }
            for (Job other : jobs) {
                if (sameFile(other.input(), job.output())) {
                    throw usage(job.output() + " is the input " + other.input() + (Files.isSymbolicLink(job.output())
                            ? " (through a link)" : "") + ": an upgrade is never written over a replay it reads");
                }
            }
        }
        return jobs;
    }

    /** Whether writing {@code output} would write over {@code input}: the same path, a link to it, a hard link. */
    private static boolean sameFile(Path input, Path output) {
        if (input.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize())) {
            return true;
        }
        try {
            return Files.exists(output) && Files.exists(input) && Files.isSameFile(input, output);
        } catch (IOException e) {
            return false; // one of them cannot be looked at: the read or the write names the problem
        }
    }

    /** Upgrades one replay, plays it and writes it if it reproduces (or --force); says why not otherwise. */
    private boolean upgrade(Job job, InstalledGames.Installed on, ReplayVerifier verifier) {
        if (job.problem() != null) {
            return failed(ToolFiles.show(job.input()) + ": " + job.problem());
        }
        ReplayFile file;
        ReplayFile upgraded;
        try {
            file = ToolFiles.read(job.input());
            upgraded = verifier.upgrade(file);
        } catch (ToolFailure e) {
            return failed(e.getMessage());
        } catch (ReplayMismatchException e) {
            return failed(ToolFiles.show(job.input()) + ": cannot be upgraded: " + e.mismatches().stream()
                    .map(ReplayMismatch::message).collect(Collectors.joining("; ")) + ": nothing written");
        } catch (IllegalArgumentException e) {
            return failed(ToolFiles.show(job.input()) + ": " + e.getMessage() + ": nothing written");
        }
        if (upgraded == file) {
            return failed(ToolFiles.show(job.input()) + ": " + on.name() + " declares no upgrade from build \""
                    + file.gameBuild() + "\": nothing written");
        }
        Reproduction played = Objects.requireNonNull(BuildCompatibility.of(verifier)
                .check(ReplaySource.of(job.input().toString(), upgraded)).block(), "a reproduction per replay");
        if (!played.reproduces() && !force) {
            return failed(ToolFiles.show(job.input()) + ": upgraded, it does not reproduce on " + on.name() + ": "
                    + played.describe() + ": nothing written (--force writes it anyway)");
        }
        try {
            Path parent = job.output().toAbsolutePath().getParent();
            if (out != null && parent != null) {
                Files.createDirectories(parent);
            }
            ToolFiles.requireWritable(job.output());
            upgraded.write(job.output());
        } catch (IOException e) {
            return failed(ToolFiles.cannotWrite(job.output(), e).getMessage());
        } catch (ToolFailure e) {
            return failed(e.getMessage());
        }
        PrintWriter stdout = out();
        stdout.println(ToolText.escape(job.input() + " (build " + file.gameBuild() + ") -> " + job.output()
                + " (build " + upgraded.gameBuild() + ", recorded by build "
                + upgraded.metadata().get(ReplayUpgrade.ORIGIN_BUILD_KEY) + ")"));
        stdout.flush();
        if (!played.reproduces()) {
            return failed(ToolFiles.show(job.input()) + ": written with --force, though it does not reproduce on "
                    + on.name() + ": " + played.describe());
        }
        return true;
    }

    /** Names a replay that was not upgraded (or, with --force, does not reproduce); returns false. */
    private boolean failed(@Nullable String why) {
        err().println("replay-tool upgrade: " + ToolText.escape(String.valueOf(why)));
        err().flush();
        return false;
    }

    private int notRun(@Nullable String why) {
        err().println("replay-tool upgrade: " + ToolText.escape(String.valueOf(why)) + " (nothing was run)");
        err().flush();
        return ReplayTool.NOT_RUN;
    }
}
