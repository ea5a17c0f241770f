/*
** host.h -- the Lua state the libFuzzer harnesses drive penny through.
*/
#ifndef PN_FUZZ_HOST_H
#define PN_FUZZ_HOST_H

#include <stddef.h>
#include <stdint.h>

/* calls the function fn of tests/fuzz/drivers.lua with the input as a
** string.  A string error is an answer (bad input is refused); an error
** that is not a string (the drivers raise a table for a broken promise,
** a penny bug among them) aborts: a finding. */
void fuzz_lua(const char *fn, const uint8_t *data, size_t size);

#endif
