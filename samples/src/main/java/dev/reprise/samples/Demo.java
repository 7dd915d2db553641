package dev.reprise.samples;

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayCursor;
import dev.reprise.route.ReplaySave;

/**
 * The README's demo: records a small route, saves it, loads it into a fresh route and prints what it
 * holds.
 */
public final class Demo {

    private Demo() {
    }

    /**
     * Runs the demo.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        ReplayArray recorder = new ReplayArray();
        recorder.add(0);
        recorder.add(1);
        recorder.add(4, 3, 7);
        recorder.add(5, "pickaxe");
        recorder.add(6, 99, 1, true);
        ReplaySave save = recorder.saveState().detach();

        ReplayArray player = new ReplayArray();
        player.loadState(save);
        System.out.printf("Loaded %d steps: %d command bytes + %d param bytes%n",
                player.length(), player.commandBytes(), player.paramBytes());
        ReplayCursor cursor = player.cursor(0);
        while (cursor.next()) {
            System.out.println("  " + cursor.step());
        }
    }
}
