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

import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code check}: the checksum and the whole structure of one file, for any game (no game is played;
 * {@code verify} plays the replay too, in whichever game is installed).
 */
@Command(name = "check", description = "Checks the checksum and the whole structure of a file of any game; "
        + "exit code 1 if invalid. (verify also plays it.)")
final class CheckCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "the replay file")
    Path path;

    @Override
    public Integer call() {
        var header = ToolFiles.readWithHeader(path).header();
        out().printf(Locale.ROOT, "OK: %s: format %s, %d steps, %d bytes, checksum and structure valid%n",
                path, header.version(), header.steps(), header.fileBytes());
        out().flush();
        return ReplayTool.OK;
    }
}
