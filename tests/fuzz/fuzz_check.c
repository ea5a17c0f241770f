/* fuzz_check.c -- libFuzzer harness: drivers.check (tests/fuzz/drivers.lua) */
#include "host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_lua("check", data, size);
  return 0;
}
