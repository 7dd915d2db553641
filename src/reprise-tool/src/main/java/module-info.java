/**
 * Reprise's replay tool ({@code replay-tool}): inspect, convert, verify, shrink, cut, compare across builds
 * and upgrade replay files from the command line.
 */
module dev.reprise.tool {
    requires dev.reprise;
    requires dev.reprise.json;
    requires com.fasterxml.jackson.databind;
    requires info.picocli;

    uses dev.reprise.verify.ReplayVerifierProvider;

    exports dev.reprise.tool;

    // picocli sets the tool's option fields reflectively.
    opens dev.reprise.tool to info.picocli;
}
