/** Editing a replay: a QA test case made from a player's tower replay with one answer changed. */
@NullMarked
package dev.reprise.samples.edit;

import org.jspecify.annotations.NullMarked;
