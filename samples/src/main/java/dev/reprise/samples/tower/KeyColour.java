package dev.reprise.samples.tower;

/** The colours of keys and of the doors they open. */
public enum KeyColour {
    /** Yellow: the common key. */
    YELLOW('y', 'Y'),
    /** Blue. */
    BLUE('b', 'B'),
    /** Red: the rare key. */
    RED('r', 'R');

    private final char keySymbol;
    private final char doorSymbol;

    KeyColour(char keySymbol, char doorSymbol) {
        this.keySymbol = keySymbol;
        this.doorSymbol = doorSymbol;
    }

    /**
     * Returns the map symbol of a key of this colour.
     *
     * @return a lower-case letter
     */
    public char keySymbol() {
        return keySymbol;
    }

    /**
     * Returns the map symbol of a door of this colour.
     *
     * @return an upper-case letter
     */
    public char doorSymbol() {
        return doorSymbol;
    }
}
