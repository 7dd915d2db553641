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
 * The wire format of a verdict: {@link dev.reprise.json.VerdictJson} writes and reads one
 * {@link dev.reprise.verify.Verdict} as one line of JSON, the same for the Kafka worker's verdicts topic,
 * its submitter and the replay tool's {@code verify --json}.
 */
@NullMarked
package dev.reprise.json;

import org.jspecify.annotations.NullMarked;
