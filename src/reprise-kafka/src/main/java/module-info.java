/**
 * Reprise's Kafka verification: a pool of workers that verify the replays submitted on a topic, exactly
 * once, and the submitter that sends them and reads the verdicts.
 *
 * <p>kafka-clients is not named here: its jar declares no module name, and a published descriptor must
 * not require a name guessed from a file name. On the module path it is an automatic module, which this
 * module reads through the automatic modules it requires (docs/modules.md).
 */
module dev.reprise.kafka {
    requires transitive dev.reprise;
    requires dev.reprise.json;
    requires com.fasterxml.jackson.databind;
    requires static micrometer.core;
    requires java.logging;

    exports dev.reprise.kafka;
}
