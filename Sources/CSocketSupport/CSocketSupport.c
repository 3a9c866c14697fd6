// Header-only: SwiftPM needs one source file in a C target.
#include "CSocketSupport.h"
