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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.route.ReplayFormatException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class TagColumnTest {

    @Test
    void writer_storesOnlyTheSymbolsThatDifferFromThePrediction() {
        TagColumn.Writer writer = new TagColumn.Writer(2);
        writer.write(0, 0, 1);   // INT8, predicted: nothing stored
        writer.write(0, 1, 32);  // a string at position 1: exception after 1 symbol
        writer.write(0, 0, 1);
        writer.write(0, 1, 32);  // now predicted
        writer.write(1, 0, 10);  // a pair for key 1: exception after 2 symbols
        ByteOutput out = new ByteOutput(16);

        writer.finishTo(out);

        assertThat(HexFormat.ofDelimiter(" ").formatHex(out.toByteArray())).isEqualTo("02 01 20 02 0a");
    }

    @Test
    void reader_givesTheSymbolsBack() {
        byte[] stream = {2, 1, 32, 2, 10};
        TagColumn.Reader reader = new TagColumn.Reader(new BoundedInput(stream, 0, stream.length, 0, "TAGS"), 2);

        assertThat(new int[] {reader.read(0, 0), reader.read(0, 1), reader.read(0, 0), reader.read(0, 1),
            reader.read(1, 0)}).containsExactly(1, 32, 1, 32, 10);
        reader.finish();
    }

    @Test
    void reader_refusesExceptionsPastTheLastSymbol() {
        byte[] stream = {1, 9, 3};
        TagColumn.Reader reader = new TagColumn.Reader(new BoundedInput(stream, 0, stream.length, 0, "TAGS"), 1);
        reader.read(0, 0);

        assertThatThrownBy(reader::finish).isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("1 tag exceptions name params past the last one");
    }
}
