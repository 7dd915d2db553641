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
package dev.reprise.samples.tower;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** An {@link InputRecorder} that keeps every input in a list, for tests and for replaying without a route. */
public final class InputLog implements InputRecorder {

    private final List<RecordedInput> inputs = new ArrayList<>();

    /** Creates an empty log. */
    public InputLog() {
    }

    @Override
    public void record(int code, Object... params) {
        inputs.add(new RecordedInput(code, List.of(params)));
    }

    /**
     * Returns the inputs recorded so far.
     *
     * @return an unmodifiable live view, in recording order
     */
    public List<RecordedInput> inputs() {
        return Collections.unmodifiableList(inputs);
    }

    /**
     * Returns how many inputs were recorded.
     *
     * @return at least 0
     */
    public int size() {
        return inputs.size();
    }

    /**
     * Counts the recorded inputs by code.
     *
     * @return input name to count, for codes that occurred
     */
    public Map<String, Integer> countsByName() {
        Map<String, Integer> counts = new TreeMap<>();
        for (RecordedInput input : inputs) {
            counts.merge(TowerCodes.nameOf(input.code()), 1, Integer::sum);
        }
        return counts;
    }
}
