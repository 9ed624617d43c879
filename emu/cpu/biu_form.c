/*
 * emu/cpu/biu_form.c: the bus model's results by an instruction's form
 * (emu/cpu/biu_form.h says why that is exact).  A hashed table of two-way
 * sets, each slot one host cache line, filled as the memo's is: a new key
 * into its set's first way, the entry there moving to the second.
 */
#include "biu_form.h"

#include <stdlib.h>

#include "decode.h"

#define FORM_SETS 16384u        /* two-way sets: 32,768 slots of 64 bytes, 2 MiB */
#define FORM_SLOTS (2 * FORM_SETS)

/* One result: the key (w[3] 0: empty, as no memo key's w[3] is 0), and the
 * BIU afterwards as the memo's slot holds it (memo_slot), with the clocks
 * its bus cycles began at (biu.starts, which the memo's refresh
 * derivation reads of a far result). */
struct form_slot {
    struct form_key key;
    uint64_t starts;
    uint32_t post_state2;       /* memo_state_bits()'s w[2] after, from next */
    int32_t refresh_dreq;       /* exact keys: the request after (INT32_MAX: none) */
    uint16_t clocks, stall;
    uint16_t post_state0;       /* memo_state_bits()'s w[0] >> 40 after     */
    int8_t refresh_grant;       /* exact keys: the grant after (INT8_MIN: none) */
    uint8_t waited;
};
_Static_assert(sizeof(struct form_slot) == MEMO_LINE, "a form slot is one cache line");

struct biu_forms {
    struct form_slot *slot;     /* FORM_SLOTS (biu_memo_table_new) */
    uint64_t recalled;
};

struct biu_forms *biu_forms_new(void)
{
    struct biu_forms *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->slot = biu_memo_table_new(FORM_SLOTS * sizeof *f->slot);
    if (!f->slot) {
        free(f);
        return NULL;
    }
    return f;
}

void biu_forms_free(struct biu_forms *f)
{
    if (f)
        biu_memo_table_free(f->slot, FORM_SLOTS * sizeof *f->slot);
    free(f);
}

void biu_forms_forget(struct biu_forms *f)
{
    biu_memo_table_clear(f->slot, FORM_SLOTS * sizeof *f->slot);
}

uint64_t biu_forms_recalled(const struct biu_forms *f)
{
    return f->recalled;
}

/* w[0]'s low 40 bits, the addresses in the memo's key, hold instead:
 * the length (4 bits), whether it emptied the queue (1), on the 8086 the
 * parity of its address and of where it led (1 each), and the form's
 * bytes (4, at bit 8), which w[4] holds. */
int biu_form_key(const struct biu *b, const struct eu_insn *in, const struct memo_key *k, struct form_key *fk)
{
    struct insn d;
    decode_insn(in->mem, in->linear, &d);
    unsigned form = d.prefixes + 1u + d.has_modrm;
    if (d.overlong || form > 8 || in->length > 15)
        return 0;
    uint64_t parity = b->width == 2 ? (in->linear & 1) | (in->next & 1) << 1 : 0;
    uint64_t bytes = memo_bytes_from(in->mem, in->linear);
    fk->w[0] = (k->w[0] & ~(((uint64_t)1 << 40) - 1)) | in->length | (uint64_t)(in->jumped != 0) << 4 | parity << 5 |
               (uint64_t)form << 8;
    fk->w[1] = k->w[1];
    fk->w[2] = k->w[2];
    fk->w[3] = k->w[3];
    fk->w[4] = form == 8 ? bytes : bytes & (((uint64_t)1 << (8 * form)) - 1);
    return 1;
}

static struct form_slot *set_of(const struct biu_forms *f, const struct form_key *k)
{
    uint64_t h = (k->w[0] ^ k->w[2] << 7) * 0x9E3779B97F4A7C15ull ^ (k->w[1] ^ k->w[3] << 3) * 0xC2B2AE3D27D4EB4Full;
    h ^= k->w[4] * 0xD6E8FEB86659FD93ull;
    return &f->slot[2 * (uint32_t)((uint64_t)(uint32_t)((h ^ h >> 29) >> 32) * FORM_SETS >> 32)];
}

static int holds(const struct form_slot *s, const struct form_key *k)
{
    return s->key.w[0] == k->w[0] && s->key.w[1] == k->w[1] && s->key.w[2] == k->w[2] && s->key.w[3] == k->w[3] &&
           s->key.w[4] == k->w[4];
}

int64_t biu_forms_recall(struct biu_forms *f, const struct form_key *fk, struct biu *b, const struct eu_insn *in,
                         int64_t room, unsigned *stall)
{
    const struct form_slot *s = set_of(f, fk);
    if (!holds(s, fk) && !holds(++s, fk))
        return -1;
    int far = fk->w[3] == MEMO_FAR_REFRESH;
    if (far && (room < 0 || s->clocks > room))
        return -1;
    memo_apply_state(s->post_state0, s->post_state2, b, in->next);
    b->tw = 0;
    b->slow_due = 0;
    if (!far) {
        b->refresh_dreq = s->refresh_dreq == INT32_MAX ? BIU_NO_REFRESH : s->refresh_dreq;
        b->refresh_grant = s->refresh_grant == INT8_MIN ? BIU_NO_REFRESH : s->refresh_grant;
    } else if (b->refresh_dreq != BIU_NO_REFRESH) {
        b->refresh_dreq -= s->clocks;   /* no grant under way: `room` */
    }
    b->waited = s->waited;
    b->starts = s->starts;
    b->gen++;                   /* as biu_run */
    *stall = s->stall;
    f->recalled++;
    return s->clocks;
}

void biu_forms_keep(struct biu_forms *f, const struct form_key *fk, const struct biu *b, const struct eu_insn *in,
                    unsigned clocks, unsigned stall)
{
    uint64_t post0;
    uint32_t post2;
    int64_t dreq = b->refresh_dreq, grant = b->refresh_grant;
    if (!memo_result_fits(b, in->next, clocks, stall, &post0, &post2))
        return;
    struct form_slot *s = set_of(f, fk);
    if (s->key.w[3])
        s[1] = s[0];
    s->key = *fk;
    s->starts = b->starts;
    s->post_state0 = (uint16_t)(post0 >> 40);
    s->post_state2 = post2;
    s->refresh_dreq = dreq == BIU_NO_REFRESH ? INT32_MAX : (int32_t)dreq;
    s->refresh_grant = grant == BIU_NO_REFRESH ? INT8_MIN : (int8_t)grant;
    s->clocks = (uint16_t)clocks;
    s->stall = (uint16_t)stall;
    s->waited = (uint8_t)b->waited;
}
