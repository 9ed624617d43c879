/*
 * tests/check_loader.c: .COM/.EXE validation, and a multi-segment .EXE
 * checked byte for byte in memory after loading (relocations applied),
 * PSP, environment and MCB chain.
 */
#include "testutil.h"

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/dos/dos.h"
#include "../emu/machine.h"
#include "../loader/exe.h"
#include "../loader/process.h"

static uint8_t mz[64];

static void mz_header(uint16_t last, uint16_t pages, uint16_t nrel, uint16_t hdr, uint16_t minalloc,
                      uint16_t reloff)
{
    memset(mz, 0, sizeof mz);
    mz[0] = 'M';
    mz[1] = 'Z';
    uint16_t w[13] = { last, pages, nrel, hdr, minalloc, 0xFFFF, 0, 0x100, 0, 0, 0, reloff, 0 };
    for (int i = 0; i < 13; i++) {
        mz[2 + 2 * i] = (uint8_t)w[i];
        mz[3 + 2 * i] = (uint8_t)(w[i] >> 8);
    }
}

static void expect_parse_error(const uint8_t *data, size_t n, const char *fragment)
{
    struct dos_image img;
    char err[256] = "";
    ck_assert_int_eq(exe_parse(data, n, &img, err, sizeof err), -1);
    ck_assert_msg(strstr(err, fragment) != NULL, "error '%s' lacks '%s'", err, fragment);
}

START_TEST(bad_images_are_refused)
{
    static uint8_t big[COM_MAX_SIZE + 1];
    expect_parse_error(mz, 0, "empty file");
    expect_parse_error(big, sizeof big, "Program too big");
    mz_header(64, 1, 0, 2, 0, 0x1C);
    expect_parse_error(mz, 20, "truncated header");
    mz_header(0, 3, 0, 2, 0, 0x1C);                 /* 1536 bytes claimed */
    expect_parse_error(mz, 64, "truncated, header says 1536 bytes");
    mz_header(0, 1, 0, 32, 0, 0x1C);                /* a 512-byte header in a 500-byte file */
    expect_parse_error(mz, 500, "truncated, its header of 512 bytes");
    mz_header(64, 0, 0, 2, 0, 0x1C);
    expect_parse_error(mz, 64, "zero pages");
    mz_header(600, 1, 0, 2, 0, 0x1C);
    expect_parse_error(mz, 64, "bytes in last page");
    mz_header(64, 1, 0, 5, 0, 0x1C);                /* 80-byte header, 64-byte image */
    expect_parse_error(mz, 64, "larger than the 64-byte image");
    mz_header(64, 1, 2, 2, 0, 0x3C);                /* 2 relocations at 60: past 64 */
    expect_parse_error(mz, 64, "relocation table");
    mz_header(64, 1, 1, 2, 0, 0x1C);                /* relocation at 0100:0000 */
    mz[0x1C] = 0; mz[0x1D] = 0; mz[0x1E] = 0; mz[0x1F] = 1;
    expect_parse_error(mz, 64, "relocation 0 points at 01000h");
}
END_TEST

/* A file a few bytes short of its header's size (MS-DOS 2.0's SORT.EXE is
 * 2 short) loads as DOS loads it: the image keeps its size, the rest zero. */
START_TEST(exe_short_by_less_than_a_page_loads)
{
    struct dos_image img;
    char err[256] = "";
    mz_header(100, 1, 0, 2, 0, 0x1C);               /* 100-byte file claimed, 98 there */
    ck_assert_int_eq(exe_parse(mz, 98, &img, err, sizeof err), 0);
    ck_assert_uint_eq(img.load_size, 100 - 32);
    ck_assert_uint_eq(img.missing, 2);
    mz_header(0, 2, 0, 2, 0, 0x1C);                 /* 1024 claimed, 512 there: a page short */
    expect_parse_error(mz, 512, "truncated, header says 1024 bytes but the file has 512");
}
END_TEST

struct pc {
    struct machine *m;
    struct console con;
    struct dos dos;
    struct process proc;
};

static void pc_load(struct pc *pc, const uint8_t *data, size_t n, const char *tail, char *err, int *rc)
{
    struct dos_image img;
    pc->m = machine_new(CPU_8088);
    ck_assert_ptr_nonnull(pc->m);
    console_init(&pc->con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(pc->m, &pc->con, 0), 0);
    ck_assert_int_eq(dos_install(&pc->dos, pc->m, &pc->con, stderr), 0);
    ck_assert_int_eq(exe_parse(data, n, &img, err, 256), 0);
    struct process_args a = { "C:\\PROG.EXE", tail, NULL, 0 };
    *rc = process_create(pc->m, &pc->dos, &img, &a, &pc->proc, err, 256);
}

static void pc_free(struct pc *pc)
{
    dos_free(&pc->dos);
    machine_free(pc->m);
}

START_TEST(exe_loaded_and_relocated)
{
    uint8_t *file;
    size_t n;
    char err[256];
    int rc;
    struct pc pc;
    ck_assert_int_eq(read_file(FIX("reloc.exe"), &file, &n, err, sizeof err), 0);
    pc_load(&pc, file, n, "", err, &rc);
    ck_assert_msg(rc == 0, "%s", err);
    uint16_t load = pc.proc.load_seg;
    ck_assert_uint_eq(load, pc.proc.psp + 0x10);

    /* The relocation table names three words; every other byte of the load
     * module (after the 48-byte header) must be the file's. */
    size_t hdr = (size_t)(file[8] | file[9] << 8) * 16;
    ck_assert_uint_eq(hdr, 48);
    uint16_t nrel = (uint16_t)(file[6] | file[7] << 8);
    ck_assert_uint_eq(nrel, 3);
    size_t reloc_at[3];
    for (int i = 0; i < 3; i++) {
        const uint8_t *r = file + (file[0x18] | file[0x19] << 8) + 4 * i;
        reloc_at[i] = (size_t)(r[2] | r[3] << 8) * 16 + (r[0] | r[1] << 8);
    }
    for (size_t i = 0; i < n - hdr; i++) {
        int relocated = 0;
        for (int k = 0; k < 3; k++)
            relocated |= i == reloc_at[k] || i == reloc_at[k] + 1;
        if (!relocated)
            ck_assert_msg(mem_rb(pc.m, lin(load, 0) + i) == file[hdr + i], "byte %zu differs", i);
    }
    for (int k = 0; k < 3; k++) {
        uint16_t orig = (uint16_t)(file[hdr + reloc_at[k]] | file[hdr + reloc_at[k] + 1] << 8);
        ck_assert_uint_eq(mem_rw(pc.m, lin(load, 0) + reloc_at[k]), (uint16_t)(orig + load));
    }
    /* CS:IP = load:0 (the header's 0:0), SS:SP = load + 4 paragraphs : 0100. */
    ck_assert_uint_eq(cpu_get(pc.m, REG_CS), load);
    ck_assert_uint_eq(cpu_get(pc.m, REG_IP), 0);
    ck_assert_uint_eq(cpu_get(pc.m, REG_SS), load + (file[0x0E] | file[0x0F] << 8));
    ck_assert_uint_eq(cpu_get(pc.m, REG_SP), 0x100);
    ck_assert_uint_eq(cpu_get(pc.m, REG_DS), pc.proc.psp);
    pc_free(&pc);
    free(file);
}
END_TEST

START_TEST(com_psp_environment_and_arena)
{
    static const uint8_t com[] = { 0xCD, 0x20 };
    char err[256];
    int rc;
    struct pc pc;
    pc_load(&pc, com, sizeof com, "foo.txt b:bar*", err, &rc);
    ck_assert_msg(rc == 0, "%s", err);
    struct machine *m = pc.m;
    uint16_t psp = pc.proc.psp;
    uint32_t p = lin(psp, 0);
    /* Layout: env MCB at 0180h, the environment (47 bytes: 23 + 9 + 1 + 2 +
     * 12) in 3 paragraphs at 0181h, program MCB at 0184h, PSP at 0185h, the
     * last block, up to A000h. */
    ck_assert_uint_eq(pc.proc.env_seg, 0x181);
    ck_assert_uint_eq(psp, 0x185);
    ck_assert_uint_eq(mem_rb(m, lin(0x180, 0)), 'M');
    ck_assert_uint_eq(mem_rw(m, lin(0x180, 1)), psp);
    ck_assert_uint_eq(mem_rw(m, lin(0x180, 3)), 3);
    ck_assert_uint_eq(mem_rb(m, lin(0x184, 0)), 'Z');
    ck_assert_uint_eq(mem_rw(m, lin(0x184, 1)), psp);
    ck_assert_uint_eq(mem_rw(m, lin(0x184, 3)), 0xA000 - 0x185);
    /* PSP fields. */
    ck_assert_uint_eq(mem_rw(m, p), 0x20CD);
    ck_assert_uint_eq(mem_rw(m, p + 2), 0xA000);
    ck_assert_uint_eq(mem_rb(m, p + 5), 0x9A);
    ck_assert_uint_eq(mem_rw(m, p + 0x0A), mem_rw(m, 0x22 * 4));
    ck_assert_uint_eq(mem_rw(m, p + 0x2C), pc.proc.env_seg);
    ck_assert_uint_eq(mem_rb(m, p + 0x18), 0);      /* JFT: stdin .. prn */
    ck_assert_uint_eq(mem_rb(m, p + 0x1C), 4);
    ck_assert_uint_eq(mem_rb(m, p + 0x1D), 0xFF);
    ck_assert_uint_eq(mem_rw(m, p + 0x50), 0x21CD);
    ck_assert_uint_eq(mem_rb(m, p + 0x52), 0xCB);
    /* FCBs: "foo.txt" on the default drive, "b:bar*" with the star filled. */
    ck_assert_uint_eq(mem_rb(m, p + 0x5C), 0);
    ck_assert_mem_eq(m->mem + p + 0x5D, "FOO     TXT", 11);
    ck_assert_uint_eq(mem_rb(m, p + 0x6C), 2);
    ck_assert_mem_eq(m->mem + p + 0x6D, "BAR?????   ", 11);
    /* Command tail: length, a leading space, CR. */
    ck_assert_uint_eq(mem_rb(m, p + 0x80), 15);
    ck_assert_mem_eq(m->mem + p + 0x81, " foo.txt b:bar*\r", 16);
    /* Environment: strings, an empty one, word 1, the program's path. */
    const char *env = (const char *)m->mem + lin(pc.proc.env_seg, 0);
    ck_assert_str_eq(env, "COMSPEC=C:\\COMMAND.COM");
    ck_assert_str_eq(env + 23, "PATH=C:\\");
    ck_assert_uint_eq((uint8_t)env[32], 0);
    ck_assert_uint_eq((uint8_t)env[33], 1);
    ck_assert_str_eq(env + 35, "C:\\PROG.EXE");
    /* .COM registers: CS=DS=ES=SS=PSP, IP 100h, SP FFFEh over a zero word. */
    ck_assert_uint_eq(cpu_get(m, REG_CS), psp);
    ck_assert_uint_eq(cpu_get(m, REG_IP), 0x100);
    ck_assert_uint_eq(cpu_get(m, REG_SP), 0xFFFE);
    ck_assert_uint_eq(mem_rw(m, lin(psp, 0xFFFE)), 0);
    ck_assert_uint_eq(mem_rw(m, lin(psp, 0x100)), 0x20CD);
    pc_free(&pc);
}
END_TEST

START_TEST(exe_too_big_for_memory)
{
    char err[256];
    int rc;
    struct pc pc;
    mz_header(64, 1, 0, 2, 0xF000, 0x1C);           /* min alloc 960 KiB */
    pc_load(&pc, mz, 64, "", err, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_ptr_nonnull(strstr(err, "Program too big"));
    pc_free(&pc);
}
END_TEST

/* maxalloc_exe.asm: DOS's EXEC gives an .EXE its whole 512-byte pages less
 * the header (62 paragraphs, not the 46 its load module fills), MAXALLOC
 * (5) and the PSP: 53h paragraphs, as DOSBox prints too.  With 43h, four of
 * the multitasking DOS 4.0 programs (MAXALLOC 24) ran out of heap. */
START_TEST(exe_block_is_whole_pages_and_maxalloc)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("maxalloc.exe"), TMP "/maxalloc.prf");
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d (%s)", r.status, r.err);
    ck_assert_str_eq(r.out, "0053 ");
}
END_TEST

Suite *loader_suite(void)
{
    Suite *s = suite_create("loader");
    TCase *tc = tcase_create("load");
    tcase_add_test(tc, bad_images_are_refused);
    tcase_add_test(tc, exe_short_by_less_than_a_page_loads);
    tcase_add_test(tc, exe_loaded_and_relocated);
    tcase_add_test(tc, com_psp_environment_and_arena);
    tcase_add_test(tc, exe_too_big_for_memory);
    tcase_add_test(tc, exe_block_is_whole_pages_and_maxalloc);
    suite_add_tcase(s, tc);
    return s;
}
