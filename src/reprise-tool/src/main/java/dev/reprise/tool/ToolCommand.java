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

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A subcommand: its spec (for the output streams and usage errors) and the call, returning the exit code. */
abstract class ToolCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** The command line's output stream (tests capture it). */
    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** The command line's error stream (tests capture it). */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /**
     * Refuses, as a usage error, to write a command's output over its input or through a link to it.
     *
     * @throws CommandLine.ParameterException saying why, if {@code output} is {@code input}
     */
    void requireNotInput(Path input, Path output) {
        String overwrites = ToolFiles.overwritesInput(input, output);
        if (overwrites != null) {
            throw usage(overwrites);
        }
    }

    /** Returns a usage error for an option value that parsed but makes no sense. */
    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
