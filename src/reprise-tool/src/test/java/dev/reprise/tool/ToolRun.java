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
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the replay tool in the test's thread, its standard output and error caught in writers. */
final class ToolRun {

    private ToolRun() {
    }

    /**
     * Runs the replay tool on {@code args}.
     *
     * @param out where the tool's standard output goes
     * @param err where the tool's standard error goes
     * @param args the command line
     * @return the exit status
     */
    static int run(StringWriter out, StringWriter err, String... args) {
        // The samples' tower game is installed: its ReplayVerifierProvider is on the test class path.
        CommandLine tool = ToolRoot.commandLine();
        tool.setOut(new PrintWriter(out, true));
        tool.setErr(new PrintWriter(err, true));
        return tool.execute(args);
    }
}
