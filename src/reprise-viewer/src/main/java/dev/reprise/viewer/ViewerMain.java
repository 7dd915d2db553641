package dev.reprise.viewer;

/**
 * Runs the replay viewer from the command line: the main class of {@code reprise-<version>-viewer.jar}.
 *
 * <pre>java -cp reprise-&lt;version&gt;-viewer.jar:mygame.jar dev.reprise.viewer.ViewerMain --dir replays</pre>
 *
 * <p>It finds the games on the class path ({@link ViewerGame#installed()}), or with {@code --builds=DIR}
 * loads every game jar of that folder, each in its own class loader, so that one viewer plays the replays of
 * every build on the build that recorded them; then it starts a {@link ViewerServer}
 * on 127.0.0.1 (a free port unless {@code --port}), prints the page's address and serves until the JVM
 * stops. {@code --help} prints the options and exits 0; a usage error, or an address and port it cannot
 * listen on (e.g. a port in use), is one line on standard error and exit code 2; no game installed is exit code 1.
 */
public final class ViewerMain {

    private ViewerMain() {
    }

    /**
     * Starts the viewer; see {@code --help} for the options.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        int exit = ViewerCommand.commandLine().execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
    }
}
