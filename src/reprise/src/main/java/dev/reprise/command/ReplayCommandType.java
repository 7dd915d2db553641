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
package dev.reprise.command;

/** Whether a command plays its steps itself or leaves them to someone else. */
public enum ReplayCommandType {
    /** The sandbox calls {@link ReplayCommand#execute} for each step of this code. */
    ACTIVE,
    /**
     * The sandbox never executes steps of this code: it hands them out as
     * {@link PassiveHandle} handles for the active command before them, or any
     * subscriber (an async UI, say), to apply and complete.
     */
    PASSIVE
}
