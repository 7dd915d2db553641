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

import dev.reprise.verify.ReplayVerifier;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code --timeout=SECONDS} option of the commands that play replays ({@code verify}, {@code compat},
 * {@code shrink}), a picocli mixin: the most one replay may take, from reading it to its verdict, by default
 * {@link ReplayVerifier#RECOMMENDED_TIMEOUT} (a test holds the two equal). Checked as it is parsed: a value
 * below 1 is a usage error of the command it is mixed into.
 */
final class TimeoutOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private Duration timeout = ReplayVerifier.RECOMMENDED_TIMEOUT;

    /** Sets the timeout; picocli calls it with the default, then with the value given. */
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "most time one replay may take, from reading it to its verdict, 1 or more seconds "
                    + "(default: ${DEFAULT-VALUE}); past it, the replay is TIMED_OUT")
    void timeoutSeconds(int seconds) {
        if (seconds < 1) {
            throw new CommandLine.ParameterException(mixee.commandLine(),
                    "--timeout must be 1 or more seconds, but was " + seconds);
        }
        this.timeout = Duration.ofSeconds(seconds);
    }

    /** Returns the most one replay may take. */
    Duration timeout() {
        return timeout;
    }
}
