/*
 * emu/dos/dos_nls.c: national language support, as MS-DOS has it built in
 * without COUNTRY.SYS or NLSFUNC: the United States, code page 437.
 * INT 21h 38h (country information), 63h (the DBCS lead-byte table: empty),
 * 65h (extended country information and, from DOS 4, capitalisation and
 * the yes/no check), 66h (global code page), and the case-map routine
 * 38h's and 65h's country information points at.
 *
 * The tables are MS-DOS 4.0's own (v4.0/src/DOS/DOSMES.ASM: UCASE_TAB,
 * FILE_UCASE_TAB, FILE_CHAR_TAB, COLLATE_TAB, DBCS_TAB, MAP_CASE), put in
 * the DOS segment at the offsets below; the answers follow GETSET.ASM's
 * $GetExtCntry, $GetSetCdPg and $ECS_call (non-DBCS build).
 */
#include <string.h>

#include "dos_internal.h"

#define NLS_UCASE      0x0200u      /* word 128, then 80h-FFh upper-cased   */
#define NLS_FILE_UCASE 0x0290u      /* the same, for file names             */
#define NLS_FILE_CHARS 0x0320u      /* the characters a file name may hold  */
#define NLS_COLLATE    0x0350u      /* word 256, then the sort weight of each */
#define NLS_DBCS       0x0460u      /* word 0, then no lead-byte ranges     */
#define NLS_MAP_CASE   0x0480u      /* the case-map routine (FAR)           */

#define CODE_PAGE      437u
#define COUNTRY_USA    1u

enum nls_info { INFO_COUNTRY = 1, INFO_UCASE = 2, INFO_FILE_UCASE = 4, INFO_FILE_CHARS = 5,
                INFO_COLLATE = 6, INFO_DBCS = 7 };

/* Upper case of 80h-FFh in code page 437 (DOSMES.ASM's UCASE_TAB). */
static const uint8_t ucase_437[128] = {
    128, 154, 69,  65,  142, 65,  143, 128, 69,  69,  69,  73,  73,  73,  142, 143,
    144, 146, 146, 79,  153, 79,  85,  85,  89,  153, 154, 155, 156, 157, 158, 159,
    65,  73,  79,  85,  165, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175,
    176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
    192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207,
    208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,
    224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,
    240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255,
};

/* Sort weights of 80h-FFh (COLLATE_TAB; below 80h: ASCII with a-z as A-Z). */
static const char collate_hi[49] =
    "CUEAAAAC" "EEEIIIAA" "EAAOOOUU" "YOU$$$$$" "AIOUNN\246\247" "?\251\252\253\254!\"\"";

/* FILE_CHAR_TAB: all characters, less 00h-20h and 14 specials. */
static const uint8_t file_chars[24] = {
    22, 0, 1, 0, 255, 0, 0, 0x20, 2, 14, '.', '"', '/', '\\', '[', ']', ':', '|', '<', '>', '+', '=', ';', ',',
};

/* MAP_CASE: AL below 80h as it is, else UCASE_TAB's entry; RETF. */
static const uint8_t map_case[] = {
    0x3C, 0x80,                         /* cmp al, 80h             */
    0x73, 0x01,                         /* jae map                 */
    0xCB,                               /* retf                    */
    0x2C, 0x80,                         /* map: sub al, 80h        */
    0x1E, 0x53,                         /* push ds; push bx        */
    0xBB, (uint8_t)(NLS_UCASE + 2), (uint8_t)((NLS_UCASE + 2) >> 8), /* mov bx, UCASE_TAB+2 */
    0x0E, 0x1F,                         /* push cs; pop ds         */
    0xD7,                               /* xlat                    */
    0x5B, 0x1F,                         /* pop bx; pop ds          */
    0xCB,                               /* retf                    */
};

void dos_nls_install(struct dos *d)
{
    struct machine *m = d->m;
    uint8_t collate[258];
    collate[0] = 0;
    collate[1] = 1;
    for (unsigned c = 0; c < 256; c++)
        collate[2 + c] = c >= 'a' && c <= 'z' ? (uint8_t)(c - 32)
                         : c == 127 || c < 128 ? (uint8_t)c
                         : c < 128 + 48 ? (uint8_t)collate_hi[c - 128]
                         : c == 225 ? 'S' : (uint8_t)c;
    for (unsigned t = 0; t < 2; t++) {
        uint16_t at = t ? NLS_FILE_UCASE : NLS_UCASE;
        mem_ww(m, lin(SEG_DOS, at), 128);
        mem_write(m, lin(SEG_DOS, (uint16_t)(at + 2)), ucase_437, sizeof ucase_437);
    }
    mem_write(m, lin(SEG_DOS, NLS_FILE_CHARS), file_chars, sizeof file_chars);
    mem_write(m, lin(SEG_DOS, NLS_COLLATE), collate, sizeof collate);
    for (unsigned i = 0; i < 18; i++)
        mem_wb(m, lin(SEG_DOS, (uint16_t)(NLS_DBCS + i)), 0);
    mem_write(m, lin(SEG_DOS, NLS_MAP_CASE), map_case, sizeof map_case);
}

/* The country information of 38h (from its byte 0) and 65h/01h (from its
 * date format): DOS 2's 32-byte layout or DOS 3's 34-byte one. */
static size_t country_info(const struct dos *d, uint8_t info[34])
{
    memset(info, 0, 34);
    if ((d->version & 0xFF) < 3) {
        memcpy(info + 2, "$\0,\0.\0", 6);           /* date format 0 (m/d/y), currency, 1000s, decimal */
        return 32;
    }
    /* currency "$" (5 bytes), thousands ",", decimal ".", date "-", time ":" */
    static const char seps[] = "$\0\0\0\0,\0.\0-\0:";
    memcpy(info + 2, seps, sizeof seps);            /* 13 bytes */
    info[16] = 2;                                   /* digits after the decimal point */
    info[18] = (uint8_t)NLS_MAP_CASE;               /* case map: the routine above */
    info[19] = (uint8_t)(NLS_MAP_CASE >> 8);
    info[20] = (uint8_t)SEG_DOS;
    info[21] = SEG_DOS >> 8;
    info[22] = ',';                                 /* data-list separator */
    return 34;
}

/* 38h: get the country's conventions; setting a country is refused. */
static void fn_country(struct dos *d)
{
    uint8_t info[34];
    if (cpu_get(d->m, REG_DX) == 0xFFFF) {
        dos_fail(d, DOSERR_NO_FILE);
        return;
    }
    size_t n = country_info(d, info);
    mem_write(d->m, lin(cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX)), info, n);
    cpu_set(d->m, REG_BX, COUNTRY_USA);
    cpu_set(d->m, REG_AX, COUNTRY_USA);
    dos_ok(d);
}

/* 63h/00h: DS:SI at the (empty) lead-byte table; other AL: nothing. */
static void fn_dbcs(struct dos *d)
{
    if (cpu_al(d->m) == 0) {
        cpu_set(d->m, REG_DS, SEG_DOS);
        cpu_set(d->m, REG_SI, NLS_DBCS + 2);
    }
    dos_ok(d);
}

static uint8_t upcase(const struct dos *d, uint8_t c)
{
    if (c >= 'a' && c <= 'z')
        return (uint8_t)(c - 32);
    return c < 0x80 ? c : mem_rb(d->m, lin(SEG_DOS, (uint16_t)(NLS_UCASE + 2 + c - 0x80)));
}

/* 65h/20h-23h (DOS 4): capitalise DL, CX bytes at DS:DX, or the ASCIIZ
 * string there; 23h: AX 0 for no, 1 for yes, 2 for neither. */
static void capitalise(struct dos *d, uint8_t al)
{
    struct machine *m = d->m;
    uint16_t ds = cpu_get(m, REG_DS), dx = cpu_get(m, REG_DX);
    switch (al & 0x7F) {
    case 0x20: cpu_set(m, REG_DX, (uint16_t)((dx & 0xFF00) | upcase(d, (uint8_t)dx))); break;
    case 0x21:
        for (uint16_t i = 0, n = cpu_get(m, REG_CX); i < n; i++) {
            uint32_t a = lin(ds, (uint16_t)(dx + i));
            mem_wb(m, a, upcase(d, mem_rb(m, a)));
        }
        break;
    case 0x22:
        for (uint16_t i = 0; i < 0xFFFF; i++) {
            uint32_t a = lin(ds, (uint16_t)(dx + i));
            uint8_t c = mem_rb(m, a);
            if (!c)
                break;
            mem_wb(m, a, upcase(d, c));
        }
        break;
    case 0x23: {
        uint8_t c = (uint8_t)dx;
        cpu_set(m, REG_AX, c == 'Y' || c == 'y' ? 1 : c == 'N' || c == 'n' ? 0 : 2);
        break;
    }
    default:
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    dos_ok(d);
}

/* 65h: extended country information into ES:DI, CX bytes at most: the
 * country's (01h), or a pointer to a table (02h, 04h-06h, 07h from DOS
 * 4); CX the length given, AX the code page.  Another country or code
 * page would need NLSFUNC: invalid function. */
static void fn_ext_country(struct dos *d)
{
    struct machine *m = d->m;
    uint8_t al = cpu_al(m), major = (uint8_t)d->version;
    uint16_t bx = cpu_get(m, REG_BX), dx = cpu_get(m, REG_DX), cx = cpu_get(m, REG_CX);
    if (al >= 0x20 && major >= 4) {
        capitalise(d, al);
        return;
    }
    static const uint16_t table_at[8] = { 0, 0, NLS_UCASE, 0, NLS_FILE_UCASE, NLS_FILE_CHARS, NLS_COLLATE, NLS_DBCS };
    int known = al == INFO_COUNTRY || (al < 8 && table_at[al] && (al != INFO_DBCS || major >= 4));
    if (cx < 5 || !known || (dx != 0xFFFF && dx != COUNTRY_USA) || (bx != 0xFFFF && bx != CODE_PAGE)) {
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    uint8_t out[3 + 38];
    size_t n;
    out[0] = al;
    if (al == INFO_COUNTRY) {
        uint8_t info[34];
        country_info(d, info);
        uint16_t size = cx - 3u < 38u ? (uint16_t)(cx - 3u) : 38u;
        uint8_t body[38] = { COUNTRY_USA, 0, (uint8_t)CODE_PAGE, CODE_PAGE >> 8 };
        memcpy(body + 4, info, sizeof info);
        out[1] = (uint8_t)size;
        out[2] = (uint8_t)(size >> 8);
        memcpy(out + 3, body, size);
        n = 3u + size;
    } else {
        out[1] = (uint8_t)table_at[al];
        out[2] = (uint8_t)(table_at[al] >> 8);
        out[3] = (uint8_t)SEG_DOS;
        out[4] = SEG_DOS >> 8;
        n = 5;
    }
    mem_write(m, lin(cpu_get(m, REG_ES), cpu_get(m, REG_DI)), out, n);
    cpu_set(m, REG_CX, (uint16_t)n);
    cpu_set(m, REG_AX, CODE_PAGE);
    dos_ok(d);
}

/* 66h: 01h gets the code page (active in BX, the system's in DX); setting
 * one needs NLSFUNC: invalid function. */
static void fn_code_page(struct dos *d)
{
    if (cpu_al(d->m) != 1) {
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    cpu_set(d->m, REG_BX, CODE_PAGE);
    cpu_set(d->m, REG_DX, CODE_PAGE);
    dos_ok(d);
}

const struct dos_entry dos_nls_fns[] = {
    { 0x38, fn_country }, { 0x63, fn_dbcs }, { 0x65, fn_ext_country }, { 0x66, fn_code_page },
    { 0, NULL },
};
