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

import java.util.List;

/**
 * Describes one input code: its name, its params and whether it is a passive step (an answer that
 * follows the active step that asked for it).
 *
 * @param code the Reprise command code
 * @param name a display name
 * @param params the params, in order
 * @param passive {@code true} if recorded as a passive step
 */
public record InputSpec(int code, String name, List<Param> params, boolean passive) {

    /**
     * One param of an input.
     *
     * @param name what it means
     * @param type {@code Integer.class} (also accepts {@code Short} and {@code Byte}) or {@code Boolean.class}
     */
    public record Param(String name, Class<?> type) {

        /**
         * Tells whether a value fits this param.
         *
         * @param value a value, may be {@code null}
         * @return {@code true} if it has the right type
         */
        public boolean accepts(Object value) {
            if (type == Integer.class) {
                return value instanceof Integer || value instanceof Short || value instanceof Byte;
            }
            return type.isInstance(value);
        }
    }

    /**
     * Creates a spec, copying {@code params}.
     *
     * @param code the code
     * @param name the name
     * @param params the params
     * @param passive whether the input is a passive step
     */
    public InputSpec {
        params = List.copyOf(params);
    }

    /**
     * Checks params against this spec.
     *
     * @param values the params of an input; the list may not be {@code null}, its elements may
     * @throws TowerInputException naming the code, the param and what was wrong
     */
    public void check(List<?> values) {
        if (values.size() != params.size()) {
            throw new TowerInputException(this + " takes " + params.size() + " param(s), got " + values.size()
                    + ": " + values);
        }
        for (int i = 0; i < params.size(); i++) {
            Param param = params.get(i);
            Object value = values.get(i);
            if (!param.accepts(value)) {
                String found = value == null ? "null" : value.getClass().getSimpleName() + " " + value;
                throw new TowerInputException(this + " param " + i + " (" + param.name() + ") must be "
                        + param.type().getSimpleName() + ", got " + found);
            }
        }
    }

    @Override
    public String toString() {
        return name + " (code " + code + ")";
    }
}
