/*
** fuzz_moves.c -- libFuzzer harness of the move rule in C: a box board
** and a configuration drawn from the input, every legal move (pn_moves)
** checked one by one (pn_move_check) and as sequences (pn_check_sequence),
** and moves read from the input (some off the board) replayed; the three
** must agree.
*/
#include <stdlib.h>
#include <string.h>

#include "penny.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const pn_lattice LATS[] = { PN_SQUARE, PN_TRI, PN_HEX, PN_KING,
                                   PN_CUBIC };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pn_board *b;
  pn_config c, fin;
  pn_rule r = {1, 0};
  pn_error err;
  pn_move *all = NULL, *seq;
  size_t nall = 0, ncell, i, k, nseq = 0, bad;
  int32_t lo[2] = {0, 0}, sz[2];
  pn_lattice lat;
  pn_pos *pos;
  int32_t *lab;
  int kk;
  if (size < 5) return 0;
  lat = LATS[data[0] % 5];
  sz[0] = 1 + data[1] % 7;
  sz[1] = 1 + data[2] % 7;
  r.d = 1 + data[3] % 4;
  r.slide = lat != PN_CUBIC && (data[3] & 0x80) != 0;
  b = pn_board_box(lat, 2, lo, sz, &err);
  if (!b) return 0;
  ncell = pn_board_ncells(b);
  k = data[4] % (ncell + 1);
  if (5 + k > size) k = size - 5;
  pos = malloc((k + 1) * sizeof *pos);
  lab = malloc((k + 1) * sizeof *lab);
  pn_config_init(&c);
  pn_config_init(&fin);
  for (i = 0; i < k; i++) {
    pos[i] = pn_board_cell(b, data[5 + i] % ncell);
    lab[i] = (int32_t)(data[5 + i] >> 6);
  }
  if (pn_config_set(&c, pos, lab, k, NULL, &err) != PN_OK) goto done;
  /* every legal move is legal alone and as a sequence of one */
  if (pn_moves(b, &r, &c, &all, &nall, &err) != PN_OK) goto done;
  for (i = 0; i < nall; i++) {
    if (pn_move_check(b, &r, &c, all[i], &kk) != PN_LEGAL) abort();
    if (pn_check_sequence(b, &r, &c, &all[i], 1, &bad, &kk, NULL, &err)
        != PN_LEGAL) abort();
  }
  /* the rest of the input: moves between cells (and off the board) */
  seq = malloc((size / 2 + 1) * sizeof *seq);
  for (i = 5 + k; i + 1 < size; i += 2) {
    size_t f = data[i] % (ncell + 2), t = data[i + 1] % (ncell + 2);
    seq[nseq].from = f < ncell ? pn_board_cell(b, f) : -(pn_pos)f;
    seq[nseq].to = t < ncell ? pn_board_cell(b, t) : -(pn_pos)t;
    nseq++;
  }
  {
    pn_reason why = pn_check_sequence(b, &r, &c, seq, nseq, &bad, &kk, &fin,
                                      &err);
    /* replayed move by move, the first refusal is at the same index */
    pn_config cur;
    size_t j;
    pn_config_init(&cur);
    pn_config_copy(&cur, &c, NULL);
    for (j = 0; j < nseq; j++) {
      pn_reason w = pn_move_check(b, &r, &cur, seq[j], &kk);
      if (w != PN_LEGAL) {
        if (why == PN_LEGAL || bad != j) abort();
        break;
      }
      pn_move_apply(&cur, seq[j]);
    }
    if (j == nseq && (why != PN_LEGAL || !pn_config_equal(&cur, &fin)))
      abort();
    pn_config_clear(&cur);
  }
  free(seq);
done:
  free(all);
  free(pos);
  free(lab);
  pn_config_clear(&c);
  pn_config_clear(&fin);
  pn_board_free(b);
  return 0;
}
