/* fuzz_art.c -- libFuzzer harness: drivers.art (tests/fuzz/drivers.lua) */
#include "host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_lua("art", data, size);
  return 0;
}
