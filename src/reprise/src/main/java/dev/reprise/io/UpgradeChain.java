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
package dev.reprise.io;

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplayStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Applies a chain of {@link ReplayUpgrade upgrades} to a file: each step's command is found by the name
 * the file's dictionary gives its code, the chain's changes of that name are applied in turn, and the
 * step gets the code the playing game registers under the final name. Stateless.
 */
final class UpgradeChain {

    private UpgradeChain() {
    }

    /**
     * Returns the file upgraded through {@code chain} (not empty), for a game registering {@code commands}.
     *
     * @throws ReplayMismatchException of {@link ReplayMismatch.Kind#NOT_UPGRADABLE} mismatches if a step
     *     cannot be upgraded
     */
    static ReplayFile apply(ReplayFile file, List<ReplayUpgrade> chain, CommandDictionary commands) {
        String path = "build \"" + file.gameBuild() + "\" to \"" + chain.get(chain.size() - 1).toBuild() + "\"";
        Map<String, Integer> codes = new HashMap<>();
        commands.asMap().forEach((code, name) -> codes.putIfAbsent(name, code));
        ReplayArrayConfig config = ReplayArrayConfig.builder()
                .commandMaxLength(ReplayArrayConfig.MAX_STEPS_LIMIT)
                .paramMaxLength(ReplayArrayConfig.MAX_PARAM_BYTES_LIMIT)
                .build();
        ReplayArray source = new ReplayArray(config);
        source.loadState(file.save());
        ReplayArray target = new ReplayArray(config);
        target.setCommandWidth(source.commandWidth());
        TreeMap<Integer, String> names = new TreeMap<>();
        List<ReplayMismatch> problems = new ArrayList<>();
        for (int i = 0; i < source.length() && problems.size() < 10; i++) {
            ReplayStep step = source.get(i);
            Optional<String> recorded = file.dictionary().name(step.code());
            if (recorded.isEmpty()) {
                problems.add(new ReplayMismatch(ReplayMismatch.Kind.NOT_UPGRADABLE, step.code(), "step " + i
                        + " uses code " + step.code() + ", which the file's dictionary does not name, so the "
                        + "upgrade from " + path + " cannot match it to a command"));
                continue;
            }
            String name = recorded.get();
            List<Object> params = step.params();
            boolean dropped = false;
            for (ReplayUpgrade upgrade : chain) {
                Optional<ReplayUpgrade.CommandChange> change = upgrade.change(name);
                if (change.isEmpty()) {
                    continue;
                }
                if (change.get().removed()) {
                    dropped = true;
                    break;
                }
                List<Object> next = changed(params, change.get(), step, name, upgrade, problems);
                if (next == null) {
                    dropped = true;
                    break;
                }
                params = next;
                name = change.get().newName(name);
            }
            if (dropped) {
                continue;
            }
            Integer code = codes.get(name);
            if (code == null) {
                problems.add(new ReplayMismatch(ReplayMismatch.Kind.NOT_UPGRADABLE, step.code(), "step " + i
                        + " is a \"" + name + "\" command after the upgrade from " + path + ", which this game "
                        + "does not register: declare it renamed or removed"));
                continue;
            }
            names.put(code, name);
            if (code > CommandWidth.UINT8.maxCode() && target.commandWidth() == CommandWidth.UINT8) {
                target.setCommandWidth(CommandWidth.UINT16);
            }
            target.add(code, params.toArray(new Object[0]));
        }
        if (!problems.isEmpty()) {
            throw new ReplayMismatchException(problems);
        }
        String origin = file.metadata().getOrDefault(ReplayUpgrade.ORIGIN_BUILD_KEY, file.gameBuild());
        try {
            return file.toBuilder(target.saveState())
                    .gameBuild(chain.get(chain.size() - 1).toBuild())
                    .dictionary(CommandDictionary.of(names))
                    .metadata(ReplayUpgrade.ORIGIN_BUILD_KEY, origin)
                    .build();
        } catch (ReplayCapacityException e) {
            throw new ReplayMismatchException(List.of(new ReplayMismatch(ReplayMismatch.Kind.NOT_UPGRADABLE, -1,
                    "the upgrade from " + path + " makes the route too large to read back: " + e.getMessage())));
        }
    }

    /** The params after one upgrade's changes, or {@code null} (its problem recorded) if one does not apply. */
    private static @Nullable List<Object> changed(List<Object> params, ReplayUpgrade.CommandChange change,
                                                  ReplayStep step, String name, ReplayUpgrade upgrade,
                                                  List<ReplayMismatch> problems) {
        if (change.params().isEmpty()) {
            return params;
        }
        List<Object> changed = new ArrayList<>(params);
        for (ReplayUpgrade.ParamChange p : change.params()) {
            boolean fits = p.add() ? p.index() <= changed.size() && changed.size() < 255
                    : p.index() < changed.size();
            if (!fits) {
                String has = changed.size() + " param" + (changed.size() == 1 ? "" : "s");
                problems.add(new ReplayMismatch(ReplayMismatch.Kind.NOT_UPGRADABLE, step.code(), "step "
                        + step.index() + " (\"" + name + "\") has " + has + ", but the upgrade from build \""
                        + upgrade.fromBuild() + "\" to \"" + upgrade.toBuild() + "\" "
                        + (p.add() ? "adds param " : "removes param ") + p.index()));
                return null;
            }
            if (p.add()) {
                changed.add(p.index(), Objects.requireNonNull(p.value(), "an added param's value"));
            } else {
                changed.remove(p.index());
            }
        }
        return changed;
    }
}
