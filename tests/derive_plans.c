/*
 * tests/derive_plans.c: `make bus-plans`.  Measures the 8086's own pace for
 * each instruction form from the SingleStepTests 8086 bus traces in
 * ../shared/data/sst8086/v1 and writes emu/cpu/biu_plans.inc, the schedules
 * `--timing bus` plays against its prefetch queue and bus (emu/cpu/biu.h).
 *
 * For every test it takes, from the opcode byte's first clock: when each
 * immediate byte is read from the queue (I), when each data bus cycle
 * starts (R, W; a word at an odd address is one access of two cycles),
 * when the queue is emptied for a jump (E), and when the next instruction
 * begins.  Times are counted without the effective-address clocks (Intel's
 * table) and without 4 clocks for each earlier odd-address word, so that
 * every ModR/M form and alignment of an opcode shares one schedule.  The
 * schedule of a form is each event's earliest time seen in at least 1 in
 * 25 of its tests (earliest(): the queue and the bus only ever delay the
 * EU).  Shifts by CL, MUL, IMUL, DIV, IDIV, AAM, AAD, CWD, AAA and AAS have
 * their operand-dependent clocks taken out first (loop_clocks()); REP
 * string operations are left out, and `--timing bus` times them with the
 * table.
 *
 * With ODD=1 it uses only the odd-numbered tests of each file, so that
 * `make conformance` can then be read on tests the schedules never saw.
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "../emu/cpu/decode.h"
#include "../emu/cpu/timing.h"
#include "sst_load.h"

#define MAX_EVENTS 16
#define MAX_FORMS 1024
#define BINS 256            /* clocks -64..191 */
#define BIN_LOW (-64)

struct form {
    unsigned opcode;
    int reg, mem;
    char sig[MAX_EVENTS + 1];
    uint16_t seen[MAX_EVENTS + 1][BINS]; /* how often each time was seen; [MAX_EVENTS]: done */
    int suspend;        /* clocks from stopping prefetch to the flush */
    unsigned tests;
};

static struct form forms[MAX_FORMS];
static unsigned nforms;

static int operand_dependent(unsigned op, int reg, int rep)
{
    (void)op;
    (void)reg;
    return rep && op >= 0xA4 && op <= 0xAF;
}

static const char *cell(json_t *cyc, size_t i, size_t k)
{
    return json_string_value(json_array_get(json_array_get(cyc, i), k));
}

static long num(json_t *cyc, size_t i, size_t k)
{
    return (long)json_integer_value(json_array_get(json_array_get(cyc, i), k));
}

static unsigned reg_of(json_t *regs, const char *name)
{
    return (unsigned)json_integer_value(json_object_get(regs, name));
}

/* The initial RAM byte at linear address a (0 if the test lists none). */
static unsigned ram_byte(json_t *test, long a)
{
    size_t i;
    json_t *cell;
    json_array_foreach(json_object_get(json_object_get(test, "initial"), "ram"), i, cell)
        if (json_integer_value(json_array_get(cell, 0)) == a)
            return (unsigned)json_integer_value(json_array_get(cell, 1));
    return 0;
}

/* The r/m operand of a DIV or IDIV: a register, or the memory its first
 * read cycle addressed. */
static unsigned divisor_of(json_t *test, const uint8_t *b, unsigned pre, int wide)
{
    json_t *ir = json_object_get(json_object_get(test, "initial"), "regs");
    uint8_t modrm = b[pre + 1];
    static const char *const r16[8] = { "ax", "cx", "dx", "bx", "sp", "bp", "si", "di" };
    if (modrm >= 0xC0) {
        unsigned rm = modrm & 7;
        if (wide)
            return reg_of(ir, r16[rm]);
        unsigned v = reg_of(ir, r16[rm & 3]);
        return rm & 4 ? v >> 8 : v & 0xFF;
    }
    json_t *cyc = json_object_get(test, "cycles");
    for (size_t i = 0; i < json_array_size(cyc); i++)
        if (!strcmp(cell(cyc, i, 8), "T1") && !strcmp(cell(cyc, i, 7), "MEMR")) {
            long a = num(cyc, i, 1);
            return ram_byte(test, a) | (wide ? ram_byte(test, (a + 1) & 0xFFFFF) << 8 : 0);
        }
    return 0;
}

/* The clocks of an operand-dependent loop, which the schedule leaves out
 * from the first write on (emu/cpu/biu_plan.c puts them back): what the table
 * counts as the operands' part (timing_decode's `operand`: shifts by CL,
 * AAD), or adds once the operands are known (`mul`: timing_mul_extra,
 * timing_div_extra, timing_ascii_extra), from the test's registers and
 * memory. */
static int loop_clocks(json_t *test, const uint8_t *b, unsigned pre)
{
    json_t *ir = json_object_get(json_object_get(test, "initial"), "regs");
    json_t *fr = json_object_get(json_object_get(test, "final"), "regs");
    unsigned ax = reg_of(ir, "ax"), dx = reg_of(ir, "dx");
    struct insn_cost k;
    struct insn d;
    decode_insn(b, 0, &d);
    timing_decode(&d, (uint16_t)reg_of(ir, "flags"), (uint16_t)reg_of(ir, "cx"), &k);
    switch (k.mul) {
    case 0:
        return k.operand;
    case MUL_8: case MUL_16: case IMUL_8: case IMUL_16: case CWD_16:
        return (int)timing_mul_extra(k.mul, (uint16_t)ax,
                                     (uint16_t)(json_object_get(fr, "ax") ? reg_of(fr, "ax") : ax),
                                     (uint16_t)(json_object_get(fr, "dx") ? reg_of(fr, "dx") : dx));
    case AAM_8:
        return (int)timing_div_extra(AAM_8, ax & 0xFF, b[pre + 1]);
    case ASCII_ADJUST:
        return (int)timing_ascii_extra((uint8_t)ax, (uint16_t)reg_of(ir, "flags"));
    default: {          /* DIV, IDIV */
        int wide = k.mul == DIV_16 || k.mul == IDIV_16;
        return (int)timing_div_extra(k.mul, wide ? (dx << 16 | ax) : ax, (uint16_t)divisor_of(test, b, pre, wide));
    }
    }
}

static void note_time(struct form *fm, int event, int t)
{
    int bin = t - BIN_LOW;
    fm->seen[event][bin < 0 ? 0 : bin >= BINS ? BINS - 1 : bin]++;
}

/* An event's time: the earliest seen in at least 1 of 25 of the form's
 * tests (at least 1 test).  The queue and the bus only delay the EU, so the
 * earliest time is its own pace; a time seen in fewer tests is an operand
 * case the table's formula does not cover, and is left out. */
static int earliest(const struct form *fm, int event)
{
    unsigned need = fm->tests / 25 ? fm->tests / 25 : 1, n = 0;
    for (int bin = 0; bin < BINS; bin++)
        if ((n += fm->seen[event][bin]) >= need)
            return bin + BIN_LOW;
    return BINS - 1 + BIN_LOW;
}

/* One test's schedule into its form. */
static void take_test(json_t *test, int reg)
{
    json_t *cyc = json_object_get(test, "cycles");
    uint8_t b[32];
    test_bytes(test, b, sizeof b);
    struct insn d;
    decode_insn(b, 0, &d);
    unsigned pre = d.prefixes, op = d.opcode;
    if (operand_dependent(op, reg, d.rep != 0))
        return;
    int has_modrm = d.has_modrm, mem = has_modrm && d.mod != 3;
    int ea = mem ? (int)timing_ea(d.modrm) : 0;
    unsigned skip = has_modrm ? 1u + d.disp_len : 0;
    size_t n = json_array_size(cyc), f = 0;
    unsigned fs = 0;
    for (f = 0; f < n; f++)
        if (!strcmp(cell(cyc, f, 9), "F") && fs++ == pre)
            break;
    if (f == n)
        return;
    char sig[MAX_EVENTS + 1];
    int at[MAX_EVENTS], ne = 0, splits = 0;
    unsigned s_reads = 0;
    long last_fetch = -1;       /* T1 of the last code fetch so far */
    int loop = loop_clocks(test, b, pre), looped = 0;
    int suspend = 99;
    for (size_t i = f + 1; i < n && ne < MAX_EVENTS; i++) {
        const char *q = cell(cyc, i, 9), *st = cell(cyc, i, 7), *ts = cell(cyc, i, 8);
        int t = (int)(i - f) - ea - 4 * splits;
        if (!strcmp(q, "S") && ++s_reads > skip) {
            sig[ne] = 'I';
            at[ne++] = t;
        }
        if (!strcmp(q, "E")) {
            sig[ne] = 'E';
            at[ne++] = t;
            /* A jump waits for the fetch on the bus to end, then takes
             * `suspend` clocks to flush: seen when a fetch held it up. */
            if (last_fetch >= 0 && (long)i - (last_fetch + 3) - 1 < suspend)
                suspend = (int)((long)i - (last_fetch + 3) - 1);
        }
        if (!strcmp(ts, "T1") && !strcmp(st, "CODE"))
            last_fetch = (long)i;
        if (!strcmp(ts, "T1") && strcmp(st, "CODE") && strcmp(st, "PASV")) {
            int w = !strcmp(st, "MEMW") || !strcmp(st, "IOW");
            if (!w && strcmp(st, "MEMR") && strcmp(st, "IOR"))
                return;         /* INTA, HALT: not a data access */
            long a = num(cyc, i, 1);
            /* The second half of a word at an odd address. */
            if (ne && sig[ne - 1] == (w ? 'W' : 'R') && (a & 1) == 0 && i >= 4) {
                size_t j = i - 4;
                if (!strcmp(cell(cyc, j, 8), "T1") && num(cyc, j, 1) + 1 == a && (num(cyc, j, 1) & 1)) {
                    splits++;
                    continue;
                }
            }
            if (w)
                looped = 1;
            sig[ne] = w ? 'W' : 'R';
            at[ne++] = t - (looped ? loop : 0);
        }
    }
    sig[ne] = 0;
    int done = (int)(n - f) - ea - 4 * splits - loop;
    struct form *fm = NULL;
    for (unsigned i = 0; i < nforms && !fm; i++)
        if (forms[i].opcode == op && forms[i].reg == reg && forms[i].mem == mem && !strcmp(forms[i].sig, sig))
            fm = &forms[i];
    if (!fm) {
        if (nforms == MAX_FORMS)
            return;
        fm = &forms[nforms++];
        fm->opcode = op;
        fm->reg = reg;
        fm->mem = mem;
        memcpy(fm->sig, sig, sizeof sig);
        fm->suspend = 99;
    }
    if (suspend < fm->suspend)
        fm->suspend = suspend;
    for (int i = 0; i < ne; i++)
        note_time(fm, i, at[i]);
    note_time(fm, MAX_EVENTS, done);
    fm->tests++;
}

static int cmp_forms(const void *a, const void *b)
{
    const struct form *x = a, *y = b;
    if (x->opcode != y->opcode)
        return (int)x->opcode - (int)y->opcode;
    if (x->reg != y->reg)
        return x->reg - y->reg;
    if (x->mem != y->mem)
        return x->mem - y->mem;
    return strcmp(x->sig, y->sig);
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/data/sst8086/v1";
    const char *out = argc > 2 ? argv[2] : "emu/cpu/biu_plans.inc";
    int odd_only = getenv("ODD") != NULL;
    DIR *d = opendir(dir);
    if (!d) {
        printf("derive_plans: %s not present: skipped\n", dir);
        return 0;
    }
    char *names[512];
    size_t nfiles = 0;
    struct dirent *de;
    while ((de = readdir(d)) && nfiles < 512)
        if (strstr(de->d_name, ".json.gz"))
            names[nfiles++] = strdup(de->d_name);
    closedir(d);
    qsort(names, nfiles, sizeof *names, cmp_names);
    for (size_t i = 0; i < nfiles; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        /* "80.7.json.gz": the tests of reg 7 of group 80 */
        int reg = names[i][2] == '.' && names[i][3] >= '0' && names[i][3] <= '7' && names[i][4] == '.'
                      ? names[i][3] - '0' : -1;
        json_t *tests = load_gz(path);
        size_t k;
        json_t *test;
        json_array_foreach(tests, k, test)
            if (!odd_only || (k & 1))
                take_test(test, reg);
        json_decref(tests);
        free(names[i]);
    }
    qsort(forms, nforms, sizeof forms[0], cmp_forms);
    FILE *f = fopen(out, "w");
    if (!f) {
        perror(out);
        return 1;
    }
    fprintf(f, "/* Generated by `make bus-plans` (tests/derive_plans.c)%s; do not edit.\n"
               " * {opcode, ModR/M reg or -1, memory form, events, their clocks, done,\n"
               " *  clocks from stopping prefetch to a flush, tests} */\n",
            odd_only ? " from the odd-numbered tests" : "");
    unsigned kept = 0;
    for (unsigned i = 0; i < nforms; i++) {
        struct form *fm = &forms[i];
        if (fm->tests < 3)
            continue;           /* too few to trust its minimum */
        fprintf(f, "    { 0x%02X, %2d, %d, \"%s\", {", fm->opcode, fm->reg, fm->mem, fm->sig);
        for (size_t e = 0; e < strlen(fm->sig); e++)
            fprintf(f, "%s%d", e ? ", " : " ", earliest(fm, (int)e));
        fprintf(f, "%s}, %d, %d, %u },\n", fm->sig[0] ? " " : "", earliest(fm, MAX_EVENTS),
                fm->suspend < 0 || fm->suspend == 99 ? 4 : fm->suspend, fm->tests);
        kept++;
    }
    fclose(f);
    printf("derive_plans: %u forms written to %s\n", kept, out);
    return 0;
}
