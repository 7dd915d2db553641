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

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of a game: the hero, the inventory, the open choice and every floor's tiles. Two states are
 * {@link #equals equal} when every field is; {@link #stateHash()} is a stable 64-bit hash of all
 * fields, the same on every JVM and run, suitable for comparing a replay with a recording.
 *
 * <p>A state handed out by {@link TowerGame} never changes afterwards (the game applies each input to
 * a fresh copy), so it may be kept and shared between threads. Floor grids are copied on first write,
 * so a copy is cheap.
 */
public final class TowerState {

    private final int width;
    private final int height;
    private final char[][] grids;
    private final boolean[] ownGrid;
    private int hp;
    private int attack;
    private int defence;
    private int gold;
    private final int[] keys;
    private int floor;
    private int x;
    private int y;
    private int highestFloor;
    private final int[] items;
    private final int[] bag;
    private final int[] slots;
    private @Nullable Choice choice;
    private int shopPurchases;
    private long visitedShops;

    /** Creates the state at the start of a game on {@code tower}: 1000 hp, 10 attack, 10 defence. */
    static TowerState initial(Tower tower) {
        TowerState state = new TowerState(tower.width(), tower.height(), tower.sharedGrids(),
                new int[KeyColour.values().length], new int[Item.NUMBER_LIMIT], new int[Equipment.UID_LIMIT],
                new int[Equipment.SLOTS]);
        state.hp = 1000;
        state.attack = 10;
        state.defence = 10;
        state.x = tower.start().x();
        state.y = tower.start().y();
        return state;
    }

    private TowerState(int width, int height, char[][] grids, int[] keys, int[] items, int[] bag, int[] slots) {
        this.width = width;
        this.height = height;
        this.grids = grids;
        this.ownGrid = new boolean[grids.length];
        this.keys = keys;
        this.items = items;
        this.bag = bag;
        this.slots = slots;
    }

    /** Returns an independent copy; grids are shared until one side writes. */
    TowerState copy() {
        TowerState copy = new TowerState(width, height, grids.clone(), keys.clone(), items.clone(), bag.clone(),
                slots.clone());
        copy.hp = hp;
        copy.attack = attack;
        copy.defence = defence;
        copy.gold = gold;
        copy.floor = floor;
        copy.x = x;
        copy.y = y;
        copy.highestFloor = highestFloor;
        copy.choice = choice;
        copy.shopPurchases = shopPurchases;
        copy.visitedShops = visitedShops;
        return copy;
    }

    /**
     * Returns the hero's hit points.
     *
     * @return at least 1
     */
    public int hp() {
        return hp;
    }

    /**
     * Returns the hero's own attack, without equipment.
     *
     * @return the base attack
     */
    public int attack() {
        return attack;
    }

    /**
     * Returns the hero's own defence, without equipment.
     *
     * @return the base defence
     */
    public int defence() {
        return defence;
    }

    /**
     * Returns the attack used in fights: base attack plus worn equipment.
     *
     * @return the effective attack
     */
    public int effectiveAttack() {
        return attack + wornBonus(Equipment::attack);
    }

    /**
     * Returns the defence used in fights: base defence plus worn equipment.
     *
     * @return the effective defence
     */
    public int effectiveDefence() {
        return defence + wornBonus(Equipment::defence);
    }

    private int wornBonus(ToIntFunction<Equipment> bonus) {
        int total = 0;
        for (int slot = 0; slot < Equipment.SLOTS; slot++) {
            Equipment piece = equipped(slot);
            total += piece == null ? 0 : bonus.applyAsInt(piece);
        }
        return total;
    }

    /**
     * Returns the hero's gold.
     *
     * @return at least 0
     */
    public int gold() {
        return gold;
    }

    /**
     * Returns how many keys of a colour the hero carries.
     *
     * @param colour a colour
     * @return at least 0
     */
    public int keys(KeyColour colour) {
        return keys[colour.ordinal()];
    }

    /**
     * Returns the floor the hero is on.
     *
     * @return a floor index, 0 at the bottom
     */
    public int floor() {
        return floor;
    }

    /**
     * Returns the hero's position on its floor.
     *
     * @return the position
     */
    public Position position() {
        return new Position(x, y);
    }

    /**
     * Returns the column of the hero.
     *
     * @return the column
     */
    public int x() {
        return x;
    }

    /**
     * Returns the row of the hero.
     *
     * @return the row
     */
    public int y() {
        return y;
    }

    /**
     * Returns the highest floor reached so far; the hero may fly to any floor up to it.
     *
     * @return a floor index
     */
    public int highestFloor() {
        return highestFloor;
    }

    /**
     * Returns how many of an inventory item the hero carries.
     *
     * @param item an item
     * @return at least 0; always 0 for items that act on pickup
     */
    public int itemCount(Item item) {
        return items[item.number()];
    }

    /**
     * Returns how many of a piece of equipment lie in the bag (not worn).
     *
     * @param piece a piece
     * @return at least 0
     */
    public int bagCount(Equipment piece) {
        return bag[piece.uid()];
    }

    /**
     * Returns what is worn in a slot.
     *
     * @param slot {@link Equipment#WEAPON} or {@link Equipment#SHIELD}
     * @return the piece, or {@code null} if the slot is empty
     */
    public @Nullable Equipment equipped(int slot) {
        return Equipment.ofUid(slots[slot]);
    }

    /**
     * Returns the offer waiting for a {@link TowerCodes#CHOICE}, if any.
     *
     * @return the open choice, or empty
     */
    public Optional<Choice> choice() {
        return Optional.ofNullable(choice);
    }

    /**
     * Returns how many purchases were made in shops; it sets the next price.
     *
     * @return at least 0
     */
    public int shopPurchases() {
        return shopPurchases;
    }

    /**
     * Tells whether the hero has visited the shop on a floor, which lets {@link TowerCodes#SHOP} open it
     * from anywhere.
     *
     * @param floor a floor
     * @return {@code true} once the hero bumped into that floor's shop
     */
    public boolean visitedShop(int floor) {
        return (visitedShops & (1L << floor)) != 0;
    }

    /**
     * Returns the number of floors.
     *
     * @return at least 1
     */
    public int floors() {
        return grids.length;
    }

    /**
     * Returns the width of a floor in tiles.
     *
     * @return the width
     */
    public int width() {
        return width;
    }

    /**
     * Returns the height of a floor in tiles.
     *
     * @return the height
     */
    public int height() {
        return height;
    }

    /**
     * Returns a tile as it is now (opened doors, taken items and beaten monsters are empty floor).
     *
     * @param floor a floor
     * @param x a column
     * @param y a row
     * @return the tile symbol, in the legend of {@link Tower}
     */
    public char tile(int floor, int x, int y) {
        return grids[floor][y * width + x];
    }

    /**
     * Tells whether a position lies on the floor.
     *
     * @param x a column
     * @param y a row
     * @return {@code true} if inside
     */
    public boolean inside(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    /**
     * Returns a stable 64-bit hash of every field: equal states have equal hashes on every JVM.
     *
     * @return the hash
     */
    public long stateHash() {
        StateHasher hasher = new StateHasher()
                .add(width).add(height)
                .add(hp).add(attack).add(defence).add(gold)
                .add(keys).add(floor).add(x).add(y).add(highestFloor)
                .add(items).add(bag).add(slots)
                .add(shopPurchases).add(visitedShops);
        if (choice == null) {
            hasher.add(-1);
        } else {
            hasher.add(choice.dialog().ordinal()).add(choice.floor()).add(choice.x()).add(choice.y());
        }
        for (char[] grid : grids) {
            hasher.add(grid);
        }
        return hasher.hash();
    }

    /**
     * Returns every field by name, as a save game holds it, for telling where two runs part
     * ({@code VerifiableGame.describeState}): the hero's numbers under {@code hero}, the counts as lists by
     * index, and each floor's tiles as one row-major string.
     *
     * @return a fresh map, in a fixed order
     */
    public Map<String, Object> describe() {
        Map<String, Object> hero = new LinkedHashMap<>();
        hero.put("hp", hp);
        hero.put("attack", attack);
        hero.put("defence", defence);
        hero.put("gold", gold);
        hero.put("floor", floor);
        hero.put("x", x);
        hero.put("y", y);
        hero.put("highestFloor", highestFloor);
        Map<String, Object> described = new LinkedHashMap<>();
        described.put("hero", hero);
        described.put("keys", Arrays.stream(keys).boxed().toList());
        described.put("items", Arrays.stream(items).boxed().toList());
        described.put("bag", Arrays.stream(bag).boxed().toList());
        described.put("slots", Arrays.stream(slots).boxed().toList());
        described.put("shopPurchases", shopPurchases);
        described.put("visitedShops", visitedShops);
        described.put("choice", choice == null ? "none" : choice.toString());
        described.put("floors", Arrays.stream(grids).map(String::new).toList());
        return described;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof TowerState that
                && width == that.width && height == that.height
                && hp == that.hp && attack == that.attack && defence == that.defence && gold == that.gold
                && floor == that.floor && x == that.x && y == that.y && highestFloor == that.highestFloor
                && shopPurchases == that.shopPurchases && visitedShops == that.visitedShops
                && Arrays.equals(keys, that.keys) && Arrays.equals(items, that.items)
                && Arrays.equals(bag, that.bag) && Arrays.equals(slots, that.slots)
                && Objects.equals(choice, that.choice) && Arrays.deepEquals(grids, that.grids);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(stateHash());
    }

    @Override
    public String toString() {
        return "TowerState[floor=" + floor + " (" + x + "," + y + "), hp=" + hp + ", atk=" + effectiveAttack()
                + ", def=" + effectiveDefence() + ", gold=" + gold + ", keys=" + Arrays.toString(keys)
                + ", choice=" + choice + ", hash=" + Long.toHexString(stateHash()) + "]";
    }

    // Mutators: only ever called on a fresh copy inside TowerGame, before it is published.

    void addHp(int delta) {
        hp += delta;
    }

    void addAttack(int delta) {
        attack += delta;
    }

    void addDefence(int delta) {
        defence += delta;
    }

    void addGold(int delta) {
        gold += delta;
    }

    void addKeys(KeyColour colour, int delta) {
        keys[colour.ordinal()] += delta;
    }

    void addItem(Item item, int delta) {
        items[item.number()] += delta;
    }

    void addToBag(Equipment piece, int delta) {
        bag[piece.uid()] += delta;
    }

    void wear(int slot, @Nullable Equipment piece) {
        slots[slot] = piece == null ? 0 : piece.uid();
    }

    void countShopPurchase() {
        shopPurchases++;
    }

    void markShopVisited(int shopFloor) {
        visitedShops |= 1L << shopFloor;
    }

    void openChoice(@Nullable Choice open) {
        choice = open;
    }

    void moveTo(int toFloor, int toX, int toY) {
        floor = toFloor;
        x = toX;
        y = toY;
        highestFloor = Math.max(highestFloor, toFloor);
    }

    void setTile(int onFloor, int atX, int atY, char symbol) {
        if (!ownGrid[onFloor]) {
            grids[onFloor] = grids[onFloor].clone();
            ownGrid[onFloor] = true;
        }
        grids[onFloor][atY * width + atX] = symbol;
    }
}
