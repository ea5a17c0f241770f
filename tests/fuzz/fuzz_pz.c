/* fuzz_pz.c -- libFuzzer harness: drivers.pz (tests/fuzz/drivers.lua) */
#include "host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_lua("pz", data, size);
  return 0;
}
