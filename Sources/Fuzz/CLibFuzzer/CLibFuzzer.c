// The declaration in include/CLibFuzzer.h is all this module provides: libFuzzer itself comes from the
// toolchain when a fuzz build passes -sanitize=fuzzer (see Scripts/fuzz.sh).
#include "CLibFuzzer.h"
