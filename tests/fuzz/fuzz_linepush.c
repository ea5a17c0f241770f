/* fuzz_linepush.c -- libFuzzer harness: drivers.linepush (tests/fuzz/drivers.lua) */
#include "host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_lua("linepush", data, size);
  return 0;
}
