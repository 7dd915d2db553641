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
 * Reprise's Kafka verification: a pool of workers that verify the replays submitted on a topic, exactly
 * once, and the submitter that sends them and reads the verdicts.
 *
 * <p>kafka-clients is not named here: its jar declares no module name, and a published descriptor must
 * not require a name guessed from a file name. On the module path it is an automatic module, which this
 * module reads through the automatic modules it requires (docs/modules.md).
 */
module dev.reprise.kafka {
    requires transitive dev.reprise;
    requires dev.reprise.json;
    requires com.fasterxml.jackson.databind;
    requires static micrometer.core;
    requires java.logging;

    exports dev.reprise.kafka;
}
