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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reprise.command.ReplayCode;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplaySave;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One route of the old motajs engine (a JSON file of the {@code legacy-routes} shared test data: the
 * route's decoded entries as {@code tokens}, such as {@code "up"} or {@code "move:6:2"}, and the string
 * the engine stored as {@code encodedRoute}) and its mapping to Reprise steps: one legacy entry, one
 * step, with a code per entry kind; params of the smallest type that holds them (the route picks the
 * tag); items and equipment as the number the legacy text stored (recovered from {@code encodedRoute}),
 * or a string where it kept an id.
 */
record LegacyRoute(String id, List<String> tokens, List<String> storedTokens, int legacyBytes) {

    /** Codes of the legacy entries: the built-in ones first, then one per further entry kind. */
    static final Map<String, Integer> CODES = codes();

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern INTEGER = Pattern.compile("-?\\d+");
    private static final List<String> DIRECTIONS = List.of("up", "right", "down", "left");

    private static Map<String, Integer> codes() {
        Map<String, Integer> codes = new LinkedHashMap<>();
        codes.put("up", ReplayCode.UP);
        codes.put("right", ReplayCode.RIGHT);
        codes.put("down", ReplayCode.DOWN);
        codes.put("left", ReplayCode.LEFT);
        codes.put("move", ReplayCode.TELEPORT);
        codes.put("item", ReplayCode.USE_ITEM);
        codes.put("equip", ReplayCode.EQUIP);
        codes.put("unEquip", ReplayCode.UNEQUIP);
        int next = 8;
        for (String kind : List.of("saveEquip", "loadEquip", "fly", "shop", "choices", "choices:none",
                "input:none", "turn", "getNext", "no", "turn:", "input", "input2", "key", "random", "click",
                "custom")) {
            codes.put(kind, next++);
        }
        return codes;
    }

    /** Reads a route file and decodes its stored text, checking that it gives the same entries. */
    static LegacyRoute load(Path json) throws IOException {
        JsonNode root = JSON.readTree(Files.readString(json, StandardCharsets.UTF_8));
        List<String> tokens = new ArrayList<>();
        root.path("tokens").forEach(token -> tokens.add(token.asText()));
        String encoded = root.path("encodedRoute").asText();
        List<String> stored = LegacyText.decode(LzString.decompressFromBase64(encoded));
        LegacyRoute route = new LegacyRoute(root.path("id").asText(), List.copyOf(tokens), stored, encoded.length());
        route.checkConsistent();
        return route;
    }

    /**
     * Checks that the stored text decodes to the same entries as {@code tokens}, apart from the ids
     * the engine turned back from numbers (only item and equipment values may differ, and only where
     * the text stored a number).
     */
    void checkConsistent() {
        if (tokens.size() != storedTokens.size()) {
            throw new IllegalStateException(id + ": the stored text has " + storedTokens.size()
                    + " entries, the token list " + tokens.size());
        }
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            String stored = storedTokens.get(i);
            boolean idFromNumber = (token.startsWith("item:") || token.startsWith("equip:"))
                    && stored.startsWith(token.substring(0, token.indexOf(':') + 1))
                    && INTEGER.matcher(stored.substring(stored.indexOf(':') + 1)).matches();
            if (!token.equals(stored) && !idFromNumber) {
                throw new IllegalStateException(id + ": entry " + i + " is \"" + token + "\", but the stored text gives \""
                        + stored + "\"");
            }
        }
    }

    /** The number of steps. */
    int steps() {
        return tokens.size();
    }

    /** Maps every entry to a Reprise step and returns the route. */
    ReplaySave toRoute() {
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(Math.max(1, steps())).build());
        for (String entry : storedTokens) {
            Step step = map(entry);
            array.add(step.code(), step.params());
        }
        return array.saveState().detach();
    }

    /** A mapped step. */
    record Step(int code, Object... params) {
    }

    /** Maps one legacy entry (as the stored text gives it) to a step. */
    static Step map(String entry) {
        if (DIRECTIONS.contains(entry)) {
            return new Step(CODES.get(entry));
        }
        if (CODES.containsKey(entry) && !entry.equals("turn:") && !entry.equals("custom")
                && (entry.equals("choices:none") || entry.equals("input:none") || entry.equals("turn")
                || entry.equals("getNext") || entry.equals("no"))) {
            return new Step(CODES.get(entry));
        }
        int colon = entry.indexOf(':');
        String kind = colon < 0 ? entry : entry.substring(0, colon);
        String rest = colon < 0 ? "" : entry.substring(colon + 1);
        return switch (kind) {
            case "move" -> new Step(CODES.get(kind), integers(rest.split(":"), 2, entry));
            case "item", "equip" -> new Step(CODES.get(kind), INTEGER.matcher(rest).matches() ? number(rest) : rest);
            case "unEquip", "saveEquip", "loadEquip", "choices", "input", "key", "random" ->
                    new Step(CODES.get(kind), integers(new String[] {rest}, 1, entry));
            case "fly", "shop", "input2" -> new Step(CODES.get(kind), rest);
            case "turn" -> new Step(CODES.get("turn:"), direction(rest, entry));
            case "click" -> new Step(CODES.get(kind), integers(rest.split(":"), 3, entry));
            default -> new Step(CODES.get("custom"), entry);
        };
    }

    private static Object[] integers(String[] parts, int expected, String entry) {
        if (parts.length != expected) {
            return new Object[] {entry}; // not the documented shape: a custom entry
        }
        Object[] values = new Object[expected];
        for (int i = 0; i < expected; i++) {
            if (!INTEGER.matcher(parts[i]).matches()) {
                throw new IllegalArgumentException("\"" + entry + "\": \"" + parts[i] + "\" is not an integer");
            }
            values[i] = number(parts[i]);
        }
        return values;
    }

    /** A decimal integer as the smallest-holding Java type the route accepts (it picks the tag). */
    private static Object number(String digits) {
        return Long.parseLong(digits);
    }

    private static int direction(String name, String entry) {
        int d = DIRECTIONS.indexOf(name);
        if (d < 0) {
            throw new IllegalArgumentException("\"" + entry + "\": unknown direction");
        }
        return d;
    }

    /** Decodes the old engine's run-length route text ({@code decodeRoute} after LZString). */
    static final class LegacyText {

        private final String text;
        private int at;
        private final List<String> out = new ArrayList<>();

        private LegacyText(String text) {
            this.text = text;
        }

        static List<String> decode(String text) {
            LegacyText decoder = new LegacyText(text);
            while (decoder.at < text.length()) {
                decoder.one(text.charAt(decoder.at++));
            }
            return decoder.out;
        }

        private String number() {
            int start = at;
            if (at < text.length() && text.charAt(at) == '-') {
                at++;
            }
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            return at == start ? "1" : text.substring(start, at);
        }

        private String string() {
            int end = text.indexOf(':', at);
            if (end < 0) {
                end = text.length();
            }
            String s = text.substring(at, end);
            at = Math.min(text.length(), end + 1);
            return s;
        }

        private void one(char c) {
            if (c == '(') {
                int end = text.indexOf(')', at);
                if (end >= 0) {
                    out.add(text.substring(at, end));
                    at = end + 1;
                    return;
                }
            }
            String next = "IeFSQt".indexOf(c) >= 0 ? string() : number();
            switch (c) {
                case 'U', 'D', 'L', 'R' -> {
                    String direction = switch (c) {
                        case 'U' -> "up";
                        case 'D' -> "down";
                        case 'L' -> "left";
                        default -> "right";
                    };
                    for (int i = Integer.parseInt(next); i > 0; i--) {
                        out.add(direction);
                    }
                }
                case 'I' -> out.add("item:" + next);
                case 'u' -> out.add("unEquip:" + next);
                case 'e' -> out.add("equip:" + next);
                case 's' -> out.add("saveEquip:" + next);
                case 'l' -> out.add("loadEquip:" + next);
                case 'F' -> out.add("fly:" + next);
                case 'C' -> out.add("choices:" + next);
                case 'S' -> out.add("shop:" + next);
                case 'T' -> out.add("turn");
                case 't' -> out.add("turn:" + switch (next) {
                    case "U" -> "up";
                    case "D" -> "down";
                    case "L" -> "left";
                    case "R" -> "right";
                    default -> next;
                });
                case 'G' -> out.add("getNext");
                case 'P' -> out.add("input:" + next);
                case 'Q' -> out.add("input2:" + next);
                case 'N' -> out.add("no");
                case 'M' -> {
                    at++;
                    out.add("move:" + next + ":" + number());
                }
                case 'K' -> out.add("key:" + next);
                case 'X' -> out.add("random:" + next);
                default -> throw new IllegalArgumentException("unknown route letter '" + c + "' at " + (at - 1));
            }
        }
    }
}
