/*
 * emu/cpu/biu_form.h: the bus model's results by an instruction's form,
 * wherever it is.
 *
 * Owns the memo's second table (emu/cpu/biu_memo.c consults it when its
 * own, keyed on the instruction's address, misses).  biu_plan() reads of
 * an instruction only its form: its prefix bytes, opcode and ModR/M byte
 * (decode_insn's fields; never a displacement or an immediate), its
 * length, whether it emptied the queue, its table cost, operand clocks and
 * data accesses; where it is and where it led reach the plan only as the
 * target a jump fetches from.  biu_run() reads addresses only through the
 * next fetch's: moved by the bytes it brings or set to that target, and on
 * the 8086 split by its parity.  So with the BIU's state, the refresh and
 * the wait rule's phase held as the memo's key holds them (the fetch
 * address relative to the instruction's), and on the 8086 the parity of
 * the instruction's address and of where it led, a result played for one
 * instruction is the result of every instruction of the same form, at any
 * address: a compiler's code, most of which runs a few times each, meets
 * its common forms (MOV AX,[BP+6] in each function) over and over.
 */
#ifndef PROFIL_EMU_BIU_FORM_H
#define PROFIL_EMU_BIU_FORM_H

#include <stdint.h>

#include "biu.h"
#include "biu_memo.h"

struct biu_forms;

struct biu_forms *biu_forms_new(void);
void biu_forms_free(struct biu_forms *f);

/* Forget every result (biu_memo_forget: the wait rule changed). */
void biu_forms_forget(struct biu_forms *f);

/* The instruction `in` on the BIU `b` (in->prefixes, length and jumped
 * filled, as biu_plan needs them), keyed as the memo keys it at its
 * address by `k`: its form's key, or 0 when it has none (a form longer
 * than 8 bytes, more than 15 bytes in all). */
struct form_key {
    uint64_t w[5];
};
int biu_form_key(const struct biu *b, const struct eu_insn *in, const struct memo_key *k, struct form_key *fk);

/* The clocks of the result kept under `fk`, applied onto `b` as playing
 * it would leave it (its queue and bus from in->next, its refresh, wait
 * states and biu.starts; its generation moved on), *stall set; -1 when
 * the table has none.  `room`: a result kept under a far key (the memo's
 * MEMO_FAR_REFRESH) is taken only when it ends by then. */
int64_t biu_forms_recall(struct biu_forms *f, const struct form_key *fk, struct biu *b,
                         const struct eu_insn *in, int64_t room, unsigned *stall);

/* Keep what playing the instruction `in` gave (`clocks`, `stall`, the BIU
 * `b` as it left) under `fk`; nothing kept when it is out of a slot's
 * range. */
void biu_forms_keep(struct biu_forms *f, const struct form_key *fk, const struct biu *b, const struct eu_insn *in,
                    unsigned clocks, unsigned stall);

/* Results taken from the table so far. */
uint64_t biu_forms_recalled(const struct biu_forms *f);

#endif
