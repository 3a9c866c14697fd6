#ifndef COURIER_CLIBFUZZER_H
#define COURIER_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that keep their own `main` (SwiftPM links every Linux executable
/// with `--defsym main=<Target>_main`, so libFuzzer's `main` never runs). Only a build with
/// `-sanitize=fuzzer` links it; the Swift side calls it only when compiled with `-D COURIER_FUZZING`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
