/*
 * tests/check_dos.c: DOS services: the drive sandbox (escapes fail), the
 * MCB arena, and handle file I/O run by a real program.
 */
#include "testutil.h"

#include <time.h>
#include <unistd.h>

#include "../emu/dos/dos_mem.h"
#include "../emu/dos/drive.h"
#include "../emu/machine.h"

#define DRV TMP "/drv"

static void make_tree(void)
{
    ck_assert_int_eq(system("rm -rf " DRV " && mkdir -p " DRV "/SUB " TMP "/outside && "
                            "echo hi > " DRV "/Hello.TXT && echo a > " DRV "/SUB/a.dat && "
                            "echo secret > " TMP "/outside/secret.txt && "
                            "ln -s ../outside " DRV "/OUT && ln -s ../outside/secret.txt " DRV "/PW.TXT"), 0);
}

START_TEST(sandbox_resolves_inside_and_refuses_escapes)
{
    struct drives ds;
    struct resolved r;
    make_tree();
    drives_init(&ds);
    ck_assert_int_eq(drives_map(&ds, 2, DRV), 0);
    ck_assert_int_eq(drive_resolve(&ds, "HELLO.TXT", &r), 0);
    ck_assert_int_eq(r.exists, 1);
    ck_assert_ptr_nonnull(strstr(r.host, "/drv/Hello.TXT"));
    ck_assert_int_eq(drive_resolve(&ds, "c:\\sub\\A.DAT", &r), 0);
    ck_assert_int_eq(r.exists, 1);
    ck_assert_int_eq(drive_resolve(&ds, "SUB\\..\\hello.txt", &r), 0);
    ck_assert_int_eq(r.exists, 1);
    ck_assert_int_eq(drive_resolve(&ds, "NEWFILE.TXT", &r), 0);
    ck_assert_int_eq(r.exists, 0);
    /* 8.3 truncation: LONGNAME1.TEXT is LONGNAME.TEX, as DOS would make it. */
    ck_assert_int_eq(drive_resolve(&ds, "LONGNAME1.TEXT", &r), 0);
    ck_assert_ptr_nonnull(strstr(r.host, "/LONGNAME.TEX"));
    /* Escapes. */
    ck_assert_int_eq(drive_resolve(&ds, "..\\outside\\secret.txt", &r), 3);
    ck_assert_int_eq(drive_resolve(&ds, "\\..\\..\\..\\etc\\passwd", &r), 3);
    ck_assert_int_eq(drive_resolve(&ds, "SUB\\..\\..\\X", &r), 3);
    ck_assert_int_eq(drive_resolve(&ds, "/etc/passwd", &r), 3);        /* a DOS path, not a host one */
    /* Symlinks that leave are missing paths (3), not "access denied" (check_files.c). */
    ck_assert_int_eq(drive_resolve(&ds, "OUT\\SECRET.TXT", &r), 3);    /* symlink folder leaves */
    ck_assert_int_eq(drive_resolve(&ds, "PW.TXT", &r), 3);             /* symlink file leaves */
    ck_assert_int_eq(drive_resolve(&ds, "D:\\X", &r), 15);             /* unmapped drive */
    /* Devices in any folder, with any extension. */
    ck_assert_int_eq(drive_resolve(&ds, "SUB\\NUL.TXT", &r), 0);
    ck_assert_int_eq(r.device, DEV_NUL);
    ck_assert_int_eq(drive_resolve(&ds, "con", &r), 0);
    ck_assert_int_eq(r.device, DEV_CON);
    drives_free(&ds);
}
END_TEST

START_TEST(arena_alloc_free_resize_and_corruption)
{
    struct machine *m = machine_new(CPU_8088);
    uint16_t a, b, c, largest;
    mcb_init(m, 0x1000, 0x2000);                    /* 0FFFh paragraphs free */
    ck_assert_int_eq(mcb_alloc(m, 0x1000, 0x100, 0x50, &a, &largest), 0);
    ck_assert_uint_eq(a, 0x1001);
    ck_assert_int_eq(mcb_alloc(m, 0x1000, 0x200, 0x50, &b, &largest), 0);
    ck_assert_uint_eq(b, 0x1102);
    ck_assert_uint_eq(mcb_largest(m, 0x1000), 0x0FFF - 0x100 - 1 - 0x200 - 1);
    ck_assert_int_eq(mcb_alloc(m, 0x1000, 0x1000, 0x50, &c, &largest), DOSERR_NO_MEMORY);
    ck_assert_uint_eq(largest, 0x0CFD);
    ck_assert_int_eq(mcb_free(m, 0x1000, a), 0);
    ck_assert_int_eq(mcb_free(m, 0x1000, 0x1050), DOSERR_BAD_BLOCK);
    /* Grow b over the free block after it; then shrink it back. */
    ck_assert_int_eq(mcb_resize(m, 0x1000, b, 0x600, &largest), 0);
    ck_assert_uint_eq(mcb_size(m, b), 0x600);
    ck_assert_int_eq(mcb_resize(m, 0x1000, b, 0x2000, &largest), DOSERR_NO_MEMORY);
    ck_assert_uint_eq(largest, 0x2000 - 0x1102);   /* b and all that followed it */
    /* The freed first block is reused first fit. */
    ck_assert_int_eq(mcb_alloc(m, 0x1000, 0x80, 0x60, &c, &largest), 0);
    ck_assert_uint_eq(c, 0x1001);
    /* A trashed MCB: error 7 from any walk that reaches it. */
    mem_wb(m, lin(0x1101, 0), 'X');
    ck_assert_int_eq(mcb_alloc(m, 0x1000, 0x900, 0x60, &c, &largest), DOSERR_MCB_DESTROYED);
    machine_free(m);
}
END_TEST

START_TEST(program_file_io_in_the_sandbox)
{
    struct run_result r;
    make_tree();
    struct profil_options o = fixture_options(FIX("files.com"), TMP "/files.prf");
    o.drives[2] = DRV;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, out '%s' err '%s'", r.status, r.out, r.err);
    ck_assert_str_eq(r.out, "written by DOS\r\nfiles ok\r\n");
    char content[64];
    slurp(DRV "/NEW.TXT", content, sizeof content);
    ck_assert_str_eq(content, "written by DOS\r\n");
    ck_assert_int_eq(file_exists(DRV "/GONE.TXT"), 0);
    ck_assert_int_eq(file_exists(TMP "/ESCAPE.TXT"), 0);
}
END_TEST

/* A search's kept listing gives way to the program's own writes
 * (searchnew.asm): a file created between 4Eh and 4Fh is found, one
 * deleted is not. */
START_TEST(a_search_sees_the_programs_own_changes)
{
    struct run_result r;
    make_tree();
    struct profil_options o = fixture_options(FIX("searchnew.com"), TMP "/searchnew.prf");
    o.drives[2] = DRV;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "HELLO.TXT ZZ.TXT 0012 HELLO.TXT 0012 ");
}
END_TEST

/* The FCB calls (fcb.asm's comments give each token): create, two
 * sequential writes, size in records, random read, a block read that ends
 * the file after two whole records (AL=1, CX=2 as MS-DOS 2.0's SYSCALL.ASM
 * returns; DOSBox says CX=3), rename, search, delete, parse. */
START_TEST(fcb_file_io)
{
    struct run_result r;
    make_tree();
    struct profil_options o = fixture_options(FIX("fcb.com"), TMP "/fcb.prf");
    o.drives[2] = DRV;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "00 00 00 00 00 00 02 00 42 01 02 01 00 00 00 FCBNEW__DAT FF 00 FF 01 03 FF ");
    ck_assert_int_eq(file_exists(DRV "/FCBNEW.DAT"), 0);
    ck_assert_int_eq(file_exists(DRV "/FCBTEST.DAT"), 0);
}
END_TEST

/* Folders, find first/next (sorted; links out of the drive not listed),
 * move, extended error, disk free, switch character (dirs.asm). */
START_TEST(folders_and_searches)
{
    struct run_result r;
    make_tree();
    struct profil_options o = fixture_options(FIX("dirs.com"), TMP "/dirs.prf");
    o.drives[2] = DRV;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "ok 0005 ok NEWDIR X1.TXT X2.TXT 0012 HELLO.TXT NEWDIR SUB 0012 ok ok 0005 "
                            "A.DAT Y.DAT 0012 0002 02 08 08 0A /");
    ck_assert_int_eq(file_exists(DRV "/NEWDIR/X1.TXT"), 1);
    ck_assert_int_eq(file_exists(DRV "/SUB/Y.DAT"), 1);
    ck_assert_str_eq(r.err, "");
}
END_TEST

/* 45h/46h: standard output duplicated, pointed at a file and back; 5Bh
 * refuses an existing file (80 = 50h), 5Ah names a temporary file, 6Ch
 * opens an existing one (CX=1) (handles.asm), under DOS 4.0, which has
 * 6Ch; DOS 3.30 has no 6Ch: AL=0 and the flags as they were ("ok 00"). */
START_TEST(duplicated_handles_and_new_files)
{
    struct run_result r;
    make_tree();
    struct profil_options o = fixture_options(FIX("handles.com"), TMP "/handles.prf");
    o.drives[2] = DRV;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "via dup\r\n0050 ok C:\\PRF00000.TMP ok 00 ");
    make_tree();
    o.dos_version = 0x0004;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "via dup\r\n0050 ok C:\\PRF00000.TMP ok 01 ");
    char content[64];
    slurp(DRV "/OUT.TXT", content, sizeof content);
    ck_assert_str_eq(content, "into file\r\n");
    ck_assert_int_eq(file_exists(DRV "/PRF00000.TMP"), 1);
}
END_TEST

/* regs.asm (its comment lists each token): AL after 02h is the character
 * (a TAB's last space), 0Ch flushing only and 2Ch leave AL=0, 46h returns
 * CX in AX, 4Ah the block's segment and 49h its MCB's, and 4Dh and 59h
 * clear CF, as the MS-DOS source leaves them (docs/services.md).  DOSBox
 * 0.74 prints "x78 \t09 00 55 0007 0000 3801 C C ": it agrees on 02h, 0Ch,
 * 46h and 4Ah and leaves the rest as they were. */
START_TEST(registers_as_ms_dos_leaves_them)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("regs.com"), TMP "/regs.prf");
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "x78 \t20 00 00 0007 0000 0000 N N ");
}
END_TEST

/* probes.asm (its comment numbers the tokens): the questions programs ask
 * about DOS features, answered as MS-DOS 3.30 does (the line for 4.0
 * differs where 4.0 has the function: 69h is within it, unimplemented,
 * and 65h/23h answers "yes"); handles 0 and 1 are files here (stdin and
 * stdout are not terminals): C: with "not written" (0042h) until the
 * program writes to handle 1 (0002h); a read of redirected input takes the
 * 6 bytes asked for whole, not one line. */
START_TEST(probes_answer_as_dos_does)
{
    static const char *const expect[2] = {
        "0042 0042 80D3 \r\n"
        "7100 C 0001 C 6900 N 6900 C C:\\HELLO.TXT C:\\????????.TXT C:/CON 0000 N "
        "0029 01B5 01 0026 0001 01B5 0005 0080 9A 01B5 01B5 \r\n"
        "86 C 00 1687 00 0000 0000 N 0000 N 0000 0000 0010 01 0018 0000 \r\n"
        "0002 0006 0001 C ",
        "0042 0042 80D3 \r\n"
        "7100 C 0001 C 0001 C 0001 C C:\\HELLO.TXT C:\\????????.TXT C:/CON 0000 N "
        "0029 01B5 01 0026 0001 01B5 0005 0080 9A 01B5 01B5 \r\n"
        "86 C 00 1687 00 0000 0000 N 0000 N 0000 0000 0010 01 0018 0000 \r\n"
        "0002 0006 0001 N ",
    };
    struct run_result r;
    make_tree();
    if (system("printf 'ab\\ncd\\n' > " TMP "/probes.in") != 0)
        ck_abort();
    struct profil_options o = fixture_options(FIX("probes.com"), TMP "/probes.prf");
    o.drives[2] = DRV;
    for (int v = 0; v < 2; v++) {
        o.dos_version = v ? 0x0004 : 0;
        run_session(&r, &o, TMP "/probes.in");
        ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
        ck_assert_str_eq(r.out, expect[v]);
        ck_assert_ptr_nonnull(strstr(r.err, "INT 21h AH=69h at "));
    }
}
END_TEST

/* On a terminal (script(1) gives profil one), handles 0 and 1 are the
 * console device (80D3h), as they are under DOS without redirection. */
START_TEST(standard_handles_on_a_terminal_are_the_console)
{
    char out[4096];
    make_tree();
    int st = system("script -qec './profil run -o " TMP "/tty.prf --drive C=" DRV " " FIX("probes.com")
                    " 2>/dev/null' /dev/null < /dev/null > " TMP "/tty.out");
    ck_assert_int_eq(st, 0);
    slurp(TMP "/tty.out", out, sizeof out);
    ck_assert_msg(strncmp(out, "80D3 80D3 80D3 ", 15) == 0, "got '%s'", out);
    ck_assert_ptr_nonnull(strstr(out, "\r\n80D3 "));     /* handle 1 after output, step 16 */
}
END_TEST

/* EXEC (parent.asm): a missing program (2), no memory before the parent
 * shrinks (8), then CHILD.COM runs on the inherited handle with the tail
 * given, its code comes back through 4Dh, and the parent's registers are
 * restored (the "ok" after the child's line needs DS).  DOSBox prints the
 * same line.  With --memory the EXEC's two blocks are allocated at the
 * parent's INT 21h and freed at the child's exit. */
START_TEST(exec_runs_a_child)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("parent.com"), TMP "/exec.prf");
    o.memory = 1;
    o.drives[2] = FIXTURE_DIR;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d, err '%s'", r.status, r.err);
    ck_assert_str_eq(r.out, "0002 0008 ok [ hello]\r\nok 07 00 ");
    ck_assert_str_eq(r.err, "");
    run_profil(&r, "hist --by site " TMP "/exec.prx", NULL);
    /* The child's environment and block take all memory above the
     * parent's 100h paragraphs at 0186h and the MCB after them: 0287h to
     * A000h less the second MCB, 9D78h paragraphs = 644992 bytes. */
    ck_assert_msg(strstr(r.out, "       2        1        0        0     644992     644992     644992          0  ")
                  != NULL, "%s", r.out);
}
END_TEST

/* INT 21h/0Ah reads "hello", echoing it and then the CR only, as MS-DOS
 * 2.0's STRIN.ASM does at ENDLIN (the program prints its own LF); 01h reads
 * and echoes 'x', 0Bh sees more input waiting; the exit code is the
 * length read. */
START_TEST(console_input_from_stdin)
{
    struct run_result r;
    if (system("mkdir -p " TMP " && printf 'hello\\nxrest\\n' > " TMP "/keys") != 0)
        ck_abort();
    struct profil_options o = fixture_options(FIX("echo.com"), TMP "/echo.prf");
    run_session(&r, &o, TMP "/keys");
    ck_assert_int_eq(r.status, 5);
    ck_assert_str_eq(r.out, "hello\rx[hello]x1");
}
END_TEST

/* memerr.com (see its comment): after the shrink, A=0287h, B=02A8h,
 * C=02B9h, D=02CAh (each block one paragraph after the last's end, for
 * its MCB); with A's 20h and C's 10h paragraphs free, 8 paragraphs go to
 * 0287h first fit, 02B9h best fit, 9FF8h last fit (A000h - 8); with B's
 * MCB broken, 48h/4Ah/49h fail with 7 and the end of the program says
 * DOS would halt. */
START_TEST(allocation_strategies_and_a_broken_chain)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("memerr.com"), TMP "/memerr.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0000 0287 02A8 02B9 02CA 0287 02B9 9FF8 CF0007 CF0007 CF0007 ");
    ck_assert_str_eq(r.err, "profil: warning: the program broke DOS's memory chain (no MCB at 02A7:0000); "
                            "DOS would halt with \"Memory allocation error\"\n");
}
END_TEST

/* mcbwrap.com (see its comment): its block, marked 'M' with FFFFh
 * paragraphs at 0185h (the PSP at 0186h, as in memerr.com), would be
 * followed by an MCB at 0185h + FFFFh + 1, past FFFF:000F (wrapping to
 * itself).  Resize and allocate answer 7 (printed by report.inc's status
 * as "0007") instead of walking forever, and the end says why DOS would
 * halt.  Before the fix this never ended: the run is killed after 3 s. */
START_TEST(a_chain_that_wraps_is_destroyed_not_endless)
{
    struct run_result r;
    run_profil_limited(&r, 3, "run -q -o " TMP "/mcbwrap.prf " FIX("mcbwrap.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0007 0007 ");
    ck_assert_str_eq(r.err, "profil: warning: the program broke DOS's memory chain (the block at 0185:0000 ends "
                            "past FFFF:000F); DOS would halt with \"Memory allocation error\"\n");
    ck_assert(file_exists(TMP "/mcbwrap.prf"));
}
END_TEST

/* A folder of `n` files named "a long file name NNNN.text" (none a DOS
 * name: each gets an alias), made afresh under TMP; its path. */
static const char *many_files(unsigned n)
{
    static char dir[] = TMP "/many";
    ck_assert_int_eq(system("rm -rf " TMP "/many && mkdir -p " TMP "/many"), 0);
    for (unsigned i = 0; i < n; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/a long file name %04u.text", dir, i);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
    }
    return dir;
}

/* A whole search of a folder of 3000 long-named files, as 4Eh then 4Fh
 * to the end would make it: the folder is listed once, not once per call,
 * and the aliases are made in one pass (ALONGF~1.TEX ... ALO~3000.TEX:
 * "ALONGFILENAME" cut to leave room for ~N; '~' sorts after the letters,
 * so ALO~3000 is last).  Before, each call listed the folder and retried
 * every alias from ~1: hours for this folder.  A file made on the host
 * behind the guest's back is not in the kept listing, nor in a new search
 * (the folders are listed once: issue 34), until the listings are
 * forgotten (as a DUMP does); the guest's own creates are (mkfiles). */
START_TEST(a_search_lists_its_folder_once)
{
    struct drives ds;
    struct dir_match m, first, last;
    uint8_t all[11];
    memset(all, '?', sizeof all);
    drives_init(&ds);
    ck_assert_int_eq(drives_map(&ds, 2, many_files(3000)), 0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned n = 0;
    for (; drive_search(&ds, "", all, 0, n, &m) == 0; n++) {
        if (n == 0)
            first = m;
        last = m;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    ck_assert_uint_eq(n, 3000);
    ck_assert_msg(s < 2.0, "a search of 3000 files took %.2f s", s);
    ck_assert_str_eq(first.name83, "ALONGF~1.TEX");
    ck_assert_str_eq(last.name83, "ALO~3000.TEX");
    FILE *f = fopen(TMP "/many/NEW.TXT", "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    drives_forget(&ds);
    for (n = 0; drive_search(&ds, "", all, 0, n, &m) == 0; n++)
        ;
    ck_assert_uint_eq(n, 3000);
    drives_forget_folders(&ds);
    for (n = 0; drive_search(&ds, "", all, 0, n, &m) == 0; n++)
        ;
    ck_assert_uint_eq(n, 3001);
    drives_free(&ds);
}
END_TEST

/* Date and time come from the emulated clock, from 1984-01-01 00:00:00 (a
 * Sunday).  The program hooks INT 1Ch and waits for 37 BIOS ticks:
 * 37 x 65536 / 1193182 Hz = 2.0322 s, so the time reads 00:00:02.03. */
START_TEST(date_and_time_follow_the_emulated_clock)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("dostime.com"), TMP "/time.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "1984-01-01 0 00:00:02.03");
}
END_TEST

/* settime.com: 2Bh refuses 2001-02-29 and 2Dh 24:00; the clock set to
 * 2001-09-09 (a Sunday) 23:59:59.00 reads 2.03 s later (37 ticks, as in
 * dostime) as Monday 2001-09-10 00:00:01.03. */
START_TEST(date_and_time_can_be_set)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("settime.com"), TMP "/settime.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "1 1 0 0 2001-09-10 1 00:00:01.03");
}
END_TEST

/* Host names that are not DOS names get NAME~N.EXT aliases, made in
 * host-name order (strcmp: ".bashrc", "Long File Name.text", "README.TXT",
 * "a+b.c", "longfilename.txt", "ok.c", "readme.txt", "x.tar.gz"): names
 * that are DOS names keep them first (README.TXT, OK.C; readme.txt
 * collides), then each other gets the first free ~N.  A name starting
 * with a dot is hidden: listed only when the search asks (CX=2).  The
 * alias opens the long file. */
START_TEST(long_host_names_get_unique_aliases)
{
    static const char *const files[] = { ".bashrc", "Long File Name.text", "README.TXT", "a+b.c",
                                         "longfilename.txt", "ok.c", "readme.txt", "x.tar.gz" };
    struct run_result r;
    if (system("rm -rf " TMP "/lfn && mkdir -p " TMP "/lfn") != 0)
        ck_abort();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, TMP "/lfn/%s", files[i]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fputs(i == 1 ? "the long one\n" : "x", f);
        fclose(f);
    }
    struct profil_options o = fixture_options(FIX("names.com"), TMP "/names.prf");
    o.drives[2] = TMP "/lfn";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out,
                     "A_B~1.C P\nLONGFI~1.TEX P\nLONGFI~1.TXT P\nOK.C P\nREADME.TXT P\nREADME~1.TXT P\nXTAR~1.GZ P\n"
                     "A_B~1.C P\nBASHRC~1 R\nLONGFI~1.TEX P\nLONGFI~1.TXT P\nOK.C P\nREADME.TXT P\nREADME~1.TXT P\n"
                     "XTAR~1.GZ P\nthe long one\n");
}
END_TEST


/* ---- folders kept, entries bounded (issue 34) ------------------------------------ */

/* mkfiles.com N [FOLDER] on a fresh drive C: = TMP/mk, with `setup` run
 * in it first; its exit status, and the run's CPU seconds in *cpu. */
static int mkfiles_timed(struct run_result *r, const char *setup, const char *tail, double *cpu)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf " TMP "/mk && mkdir -p " TMP "/mk && cd " TMP "/mk && %s", setup);
    if (system(cmd) != 0)
        ck_abort_msg("%s", cmd);
    snprintf(cmd, sizeof cmd, "run -q --drive C=" TMP "/mk -o " TMP "/mk.prf " FIX("mkfiles.com") " %s", tail);
    double before = children_cpu_seconds();
    run_profil(r, cmd, NULL);
    *cpu = children_cpu_seconds() - before;
    return r->status;
}

static int mkfiles(struct run_result *r, const char *setup, const char *tail)
{
    double cpu;
    return mkfiles_timed(r, setup, tail, &cpu);
}

static unsigned entries_in(const char *dir)
{
    char cmd[300], out[32];
    snprintf(cmd, sizeof cmd, "ls -A %s | wc -l > " TMP "/count", dir);
    if (system(cmd) != 0)
        ck_abort();
    slurp(TMP "/count", out, sizeof out);
    return (unsigned)atoi(out);
}

/* 164 creates in a folder of 10,000 files: the folder is listed once and
 * each new file added to the listing kept (was: listed again for every
 * create, 1-3.7 s of CPU), under 0.5 s of CPU (measured: 0.02). */
START_TEST(creates_in_a_big_folder_list_it_once)
{
    struct run_result r;
    double cpu;
    int status = mkfiles_timed(&r, "mkdir BIG && cd BIG && seq -f 'X%06g.DAT' 10000 | xargs touch", "164 BIG", &cpu);
    ck_assert_msg(status == 0, "exit %d: %s", status, r.err);
    ck_assert_uint_eq(entries_in(TMP "/mk/BIG"), 10164);
    ck_assert(file_exists(TMP "/mk/BIG/F0163.TMP") && !file_exists(TMP "/mk/BIG/F0164.TMP"));
    ck_assert_msg(cpu < cpu_budget(0.5), "164 creates took %.2f s of CPU", cpu);
}
END_TEST

/* DOS's root directory holds DOS_ROOT_ENTRIES = 512 entries on the
 * emulated hard disk: with 500 there, 12 creates succeed and the 13th
 * fails with error 5, access denied, as on DOS; a subfolder grows. */
START_TEST(the_root_holds_512_entries)
{
    struct run_result r;
    ck_assert_int_eq(DOS_ROOT_ENTRIES, 512);
    ck_assert_int_eq(mkfiles(&r, "seq -f 'X%06g.DAT' 500 | xargs touch", "600"), 5);
    ck_assert_uint_eq(entries_in(TMP "/mk"), 512);
    ck_assert(file_exists(TMP "/mk/F0011.TMP") && !file_exists(TMP "/mk/F0012.TMP"));
    ck_assert_int_eq(mkfiles(&r, "seq -f 'X%06g.DAT' 600 | xargs touch && mkdir SUB", "600 SUB"), 0);
    ck_assert_uint_eq(entries_in(TMP "/mk/SUB"), 600);
}
END_TEST

/* A guest adds at most DRIVE_ADDED_MAX = 1024 entries (less those it
 * removes): the 1025th create fails with error 5. */
START_TEST(a_guest_adds_at_most_1024_entries)
{
    struct run_result r;
    ck_assert_int_eq(DRIVE_ADDED_MAX, 1024);
    ck_assert_int_eq(mkfiles(&r, "mkdir SUB", "1100 SUB"), 5);
    ck_assert_uint_eq(entries_in(TMP "/mk/SUB"), 1024);
}
END_TEST

Suite *dos_suite(void)
{
    Suite *s = suite_create("dos");
    TCase *tc = tcase_create("services");
    tcase_set_timeout(tc, 60);  /* a search of 3000 files, and EXEC: seconds on a loaded machine */
    tcase_add_test(tc, sandbox_resolves_inside_and_refuses_escapes);
    tcase_add_test(tc, arena_alloc_free_resize_and_corruption);
    tcase_add_test(tc, program_file_io_in_the_sandbox);
    tcase_add_test(tc, console_input_from_stdin);
    tcase_add_test(tc, allocation_strategies_and_a_broken_chain);
    tcase_add_test(tc, a_chain_that_wraps_is_destroyed_not_endless);
    tcase_add_test(tc, a_search_lists_its_folder_once);
    tcase_add_test(tc, a_search_sees_the_programs_own_changes);
    tcase_add_test(tc, date_and_time_can_be_set);
    tcase_add_test(tc, long_host_names_get_unique_aliases);
    tcase_add_test(tc, fcb_file_io);
    tcase_add_test(tc, exec_runs_a_child);
    tcase_add_test(tc, duplicated_handles_and_new_files);
    tcase_add_test(tc, probes_answer_as_dos_does);
    tcase_add_test(tc, registers_as_ms_dos_leaves_them);
    tcase_add_test(tc, standard_handles_on_a_terminal_are_the_console);
    tcase_add_test(tc, folders_and_searches);
    tcase_add_test(tc, date_and_time_follow_the_emulated_clock);
    tcase_add_test(tc, creates_in_a_big_folder_list_it_once);
    tcase_add_test(tc, the_root_holds_512_entries);
    tcase_add_test(tc, a_guest_adds_at_most_1024_entries);
    suite_add_tcase(s, tc);
    return s;
}
