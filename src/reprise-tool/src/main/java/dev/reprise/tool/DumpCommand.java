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
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayReadStream;
import dev.reprise.route.ReplayStep;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dump}: the steps as text or JSON. */
@Command(name = "dump", description = "Prints the steps as text (one a line) or as a JSON array.")
final class DumpCommand extends ToolCommand {

    /** Output formats. */
    enum Format { TEXT, JSON }

    @Parameters(index = "0", paramLabel = "FILE", description = "the replay file")
    Path path;

    @Option(names = "--format", description = "TEXT or JSON (default: ${DEFAULT-VALUE})", defaultValue = "TEXT")
    Format format;

    @Option(names = "--from", paramLabel = "STEP", description = "first step, 0 or more (default: ${DEFAULT-VALUE}); "
            + "past the end prints nothing", defaultValue = "0")
    int from;

    @Option(names = "--limit", paramLabel = "STEPS", description = "most steps to print, 0 or more (default: all)",
            defaultValue = "2147483647")
    int limit;

    @Override
    public Integer call() {
        // Options first: a usage error should not wait for (or depend on) reading the file.
        if (from < 0) {
            throw usage("--from must be a step index, 0 or more, but was " + from);
        }
        if (limit < 0) {
            throw usage("--limit must be a step count, 0 or more, but was " + limit);
        }
        ReplayFile file = ToolFiles.read(path);
        PrintWriter out = out();
        ReplayArray array = ToolFiles.route(file);
        ReplayReadStream stream = array.createReadStream(Math.min(from, array.length()));
        boolean json = format == Format.JSON;
        if (json) {
            out.print("[");
        }
        int printed = 0;
        for (ReplayStep step = stream.read(); step != null && printed < limit; step = stream.read(), printed++) {
            if (json) {
                out.print((printed == 0 ? "\n  " : ",\n  ") + json(file, step));
            } else {
                out.println(text(file, step));
            }
        }
        if (json) {
            out.println(printed == 0 ? "]" : "\n]");
        }
        out.flush();
        return ReplayTool.OK;
    }

    static String text(ReplayFile file, ReplayStep step) {
        StringBuilder s = new StringBuilder().append(step.index()).append(": ").append(step.code());
        file.dictionary().name(step.code()).ifPresent(name -> s.append(" ").append(ToolText.escape(name)));
        for (Object param : step.params()) {
            s.append(' ').append(param instanceof String text ? ToolText.quote(text) : String.valueOf(param));
        }
        return s.toString();
    }

    static String json(ReplayFile file, ReplayStep step) {
        StringBuilder s = new StringBuilder("{\"index\": ").append(step.index()).append(", \"code\": ")
                .append(step.code());
        file.dictionary().name(step.code()).ifPresent(name -> s.append(", \"name\": ").append(ToolText.quote(name)));
        s.append(", \"params\": [");
        for (int i = 0; i < step.paramCount(); i++) {
            Object param = step.param(i);
            s.append(i == 0 ? "" : ", ");
            if (param instanceof String text) {
                s.append(ToolText.quote(text));
            } else if (param instanceof Double d && !Double.isFinite(d)) {
                s.append(ToolText.quote(d.toString())); // JSON has no NaN or Infinity
            } else if (param instanceof Boolean || param instanceof Number || param instanceof BigInteger) {
                s.append(param);
            } else {
                s.append(ToolText.quote(String.valueOf(param)));
            }
        }
        return s.append("]}").toString();
    }
}
