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
