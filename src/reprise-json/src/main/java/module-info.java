/**
 * Reprise's verdict JSON: the one line per verdict that the Kafka worker publishes, the submitter reads and
 * {@code replay-tool verify --json} prints. It brings Jackson and nothing else besides the core.
 */
module dev.reprise.json {
    requires transitive dev.reprise;
    requires com.fasterxml.jackson.databind;

    exports dev.reprise.json;
}
