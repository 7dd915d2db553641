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
package dev.reprise.test;

import dev.reprise.shrink.ReplayCases;
import dev.reprise.verify.ReplaySource;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.AnnotationConsumer;
import org.junit.jupiter.params.support.ParameterDeclaration;
import org.junit.jupiter.params.support.ParameterDeclarations;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ArgumentsProvider} behind {@link ReplayFilesSource}; JUnit creates it, tests use the
 * annotation. Public only so that JUnit can create it without reflective access to the package. Needs JUnit
 * Jupiter 5.13 or later.
 */
public final class ReplayFilesProvider implements ArgumentsProvider, AnnotationConsumer<ReplayFilesSource> {

    @Nullable
    private ReplayFilesSource source;

    /** Creates the provider; JUnit then hands it the annotation. */
    public ReplayFilesProvider() {
    }

    @Override
    public void accept(ReplayFilesSource annotation) {
        this.source = annotation;
    }

    @Override
    public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
        ReplayFilesSource annotation = source;
        if (annotation == null) {
            throw new ExtensionConfigurationException("ReplayFilesProvider is used through @ReplayFilesSource");
        }
        Path root = Path.of(annotation.value());
        List<ReplayCases.Found> found;
        try {
            found = ReplayCases.find(root);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException("@ReplayFilesSource(\"" + annotation.value() + "\"): "
                    + e.getMessage(), e);
        }
        if (found.isEmpty() && !annotation.allowEmpty()) {
            throw new ExtensionConfigurationException("@ReplayFilesSource(\"" + annotation.value()
                    + "\"): no replay file (*" + ReplayCases.EXTENSION + ") under "
                    + root.toAbsolutePath().normalize() + " (set allowEmpty = true if that is expected)");
        }
        Class<?>[] types = parameters.getAll().stream().map(ParameterDeclaration::getParameterType)
                .toArray(Class<?>[]::new);
        return found.stream().map(file -> Arguments.argumentSet(file.relative(), arguments(file, types)));
    }

    /** The arguments of one file, by the method's parameter types; the rest (e.g. a TestInfo) is left to JUnit. */
    static Object[] arguments(ReplayCases.Found file, Class<?>[] types) {
        Object[] arguments = new Object[types.length];
        int count = 0;
        for (Class<?> type : types) {
            Object argument = type.isAssignableFrom(ReplaySource.class) && type != Object.class
                    ? ReplayFiles.source(file)
                    : type == Path.class ? file.path()
                    : type == String.class ? file.relative()
                    : null;
            if (argument == null) {
                break;
            }
            arguments[count++] = argument;
        }
        if (count == 0) {
            // Not a type the source knows: give the ReplaySource, so JUnit's error names the mismatch.
            return new Object[] {ReplayFiles.source(file)};
        }
        return Arrays.copyOf(arguments, count);
    }
}
