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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.CommandLookup;
import dev.reprise.command.ReplayCommand;
import org.junit.jupiter.api.Test;

/** The table a system's sandboxes look commands up in, once or more per step played. */
class CommandRegistryTest {

    private static final ReplayCommand NOOP = ReplayCommand.sync(step -> { });

    @Test
    void live_command_handsOutOneOptionalPerCode_soLookingUpAStepAllocatesNothing() {
        CommandRegistry registry = CommandRegistry.EMPTY.with(1, "one", NOOP);
        CommandLookup lookup = CommandRegistry.live(() -> registry);

        assertThat(lookup.command(1)).containsSame(NOOP);
        assertThat(lookup.command(1)).isSameAs(lookup.command(1));
        assertThat(lookup.command(0)).isEmpty().isSameAs(lookup.command(0));
        assertThat(lookup.command(70_000)).isEmpty();
        assertThat(lookup.command(-1)).isEmpty();
    }

    @Test
    void live_name_isTheRegisteredName_orEmpty() {
        CommandLookup lookup = CommandRegistry.live(() -> CommandRegistry.EMPTY.with(1, "one", NOOP));

        assertThat(lookup.name(1)).contains("one");
        assertThat(lookup.name(2)).isEmpty();
    }

    @Test
    void with_keepsTheOldTable_andMakesTheNewCodesOptional() {
        CommandRegistry before = CommandRegistry.EMPTY.with(1, "one", NOOP);
        ReplayCommand other = ReplayCommand.sync(step -> { });

        CommandRegistry after = before.with(3, "three", other);

        assertThat(before.command(3)).isEmpty();
        assertThat(after.command(3)).containsSame(other);
        assertThat(after.command(1)).containsSame(NOOP);
    }
}
