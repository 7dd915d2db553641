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
/**
 * Reprise's replay tool ({@code replay-tool}): inspect, convert, verify, shrink, cut, compare across builds
 * and upgrade replay files from the command line.
 */
module dev.reprise.tool {
    requires dev.reprise;
    requires dev.reprise.json;
    requires com.fasterxml.jackson.databind;
    requires info.picocli;

    uses dev.reprise.verify.ReplayVerifierProvider;

    exports dev.reprise.tool;

    // picocli sets the tool's option fields reflectively.
    opens dev.reprise.tool to info.picocli;
}
