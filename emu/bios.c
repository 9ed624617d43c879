/*
 * emu/bios.c: BIOS data area, vectors, timer handler and services (see bios.h).
 */
#include "bios.h"

#include <string.h>

#include "console.h"
#include "costs.h"
#include "machine.h"

struct bios {
    struct console *con;
};
static struct bios the_bios;    /* one PC per process */

/* INT 08h, as the IBM PC BIOS does it: count 40:6C, roll over at midnight
 * (1800B0h ticks) setting 40:70, call INT 1Ch, EOI, return. */
static const uint8_t int08_code[] = {
    0x1E,                               /* 00 push ds                    */
    0x50,                               /* 01 push ax                    */
    0x31, 0xC0,                         /* 02 xor ax,ax                  */
    0x8E, 0xD8,                         /* 04 mov ds,ax                  */
    0xFF, 0x06, 0x6C, 0x04,             /* 06 inc word [046Ch]           */
    0x75, 0x04,                         /* 0A jnz 10                     */
    0xFF, 0x06, 0x6E, 0x04,             /* 0C inc word [046Eh]           */
    0x83, 0x3E, 0x6E, 0x04, 0x18,       /* 10 cmp word [046Eh],18h       */
    0x75, 0x19,                         /* 15 jnz 30                     */
    0x81, 0x3E, 0x6C, 0x04, 0xB0, 0x00, /* 17 cmp word [046Ch],00B0h     */
    0x75, 0x11,                         /* 1D jnz 30                     */
    0xC7, 0x06, 0x6C, 0x04, 0x00, 0x00, /* 1F mov word [046Ch],0         */
    0xC7, 0x06, 0x6E, 0x04, 0x00, 0x00, /* 25 mov word [046Eh],0         */
    0xC6, 0x06, 0x70, 0x04, 0x01,       /* 2B mov byte [0470h],1         */
    0xCD, 0x1C,                         /* 30 int 1Ch                    */
    0xB0, 0x20,                         /* 32 mov al,20h                 */
    0xE6, 0x20,                         /* 34 out 20h,al                 */
    0x58,                               /* 36 pop ax                     */
    0x1F,                               /* 37 pop ds                     */
    0xCF,                               /* 38 iret                       */
};

static void charge_call(struct machine *m)
{
    machine_charge(m, COST_BIOS_CALL, cpu_get(m, REG_CS), cpu_get(m, REG_IP));
}

static void charge_con_chars(struct machine *m, unsigned n)
{
    machine_charge(m, (uint64_t)n * COST_TTY_CHAR, SEG_IOSYS, BIOS_CON_OFF);
}

static void unknown(struct machine *m, uint8_t vec, uint8_t fn);

/* ---- INT 10h: video ------------------------------------------------------ */

static void int10(struct machine *m, void *ctx)
{
    struct bios *b = ctx;
    uint8_t row, col;
    charge_call(m);
    switch (cpu_ah(m)) {
    case 0x02:
        screen_set_cursor(m, (uint8_t)(cpu_get(m, REG_DX) >> 8), (uint8_t)cpu_get(m, REG_DX));
        break;
    case 0x03:
        screen_get_cursor(m, &row, &col);
        cpu_set(m, REG_DX, (uint16_t)(row << 8 | col));
        cpu_set(m, REG_CX, 0x0607);
        break;
    case 0x0E:
        console_put(m, b->con, cpu_al(m));
        charge_con_chars(m, 1);
        break;
    case 0x0F:
        cpu_set(m, REG_AX, (uint16_t)(mem_rb(m, 0x44A) << 8 | mem_rb(m, 0x449)));
        cpu_set(m, REG_BX, (uint16_t)(cpu_get(m, REG_BX) & 0x00FF));
        break;
    default:
        unknown(m, 0x10, cpu_ah(m));
        break;
    }
}

/* ---- INT 11h, 12h: equipment and memory size ----------------------------- */

static void int11(struct machine *m, void *ctx)
{
    (void)ctx;
    charge_call(m);
    cpu_set(m, REG_AX, mem_rw(m, 0x410));
}

static void int12(struct machine *m, void *ctx)
{
    (void)ctx;
    charge_call(m);
    cpu_set(m, REG_AX, mem_rw(m, 0x413));
}

/* ---- INT 16h: keyboard --------------------------------------------------- */

static void int16(struct machine *m, void *ctx)
{
    struct bios *b = ctx;
    charge_call(m);
    switch (cpu_ah(m)) {
    case 0x00: {
        int ch = console_get(b->con);
        if (ch < 0) {
            uint16_t cs, ip;
            service_caller(m, &cs, &ip);
            machine_stop(m, STOP_FAULT, "keyboard input exhausted: INT 16h AH=00h at %04X:%04X waits for a key",
                         cs, (uint16_t)(ip - 2));
            return;
        }
        machine_charge(m, COST_KBD_CHAR, cpu_get(m, REG_CS), cpu_get(m, REG_IP));
        cpu_set(m, REG_AX, (uint16_t)ch);
        break;
    }
    case 0x01: {
        int have = console_has_key(b->con);
        if (have)
            cpu_set(m, REG_AX, (uint16_t)b->con->peeked);
        service_set_zero(m, !have);
        break;
    }
    case 0x02:
        cpu_set_al(m, mem_rb(m, 0x417));
        break;
    default:
        unknown(m, 0x16, cpu_ah(m));
        break;
    }
}

/* ---- INT 1Ah: time of day ------------------------------------------------ */

static void int1a(struct machine *m, void *ctx)
{
    (void)ctx;
    charge_call(m);
    switch (cpu_ah(m)) {
    case 0x00:
        cpu_set(m, REG_CX, mem_rw(m, 0x46E));
        cpu_set(m, REG_DX, mem_rw(m, 0x46C));
        cpu_set_al(m, mem_rb(m, 0x470));
        mem_wb(m, 0x470, 0);
        break;
    case 0x01:
        mem_ww(m, 0x46E, cpu_get(m, REG_CX));
        mem_ww(m, 0x46C, cpu_get(m, REG_DX));
        mem_wb(m, 0x470, 0);
        break;
    default:
        unknown(m, 0x1A, cpu_ah(m));
        break;
    }
}

/* ---- CPU exceptions that end the run ------------------------------------ */

static void int00(struct machine *m, void *ctx)
{
    uint16_t cs, ip;
    (void)ctx;
    service_caller(m, &cs, &ip);
    machine_stop(m, STOP_FAULT, "divide overflow (INT 0, returning to %04X:%04X)", cs, ip);
}

static void int06(struct machine *m, void *ctx)
{
    uint16_t cs, ip;
    (void)ctx;
    service_caller(m, &cs, &ip);
    machine_stop(m, STOP_FAULT, "invalid opcode %02X at %04X:%04X", mem_rb(m, lin(cs, ip)), cs, ip);
}

/* ---- unknown functions ----------------------------------------------------- */

static void unknown(struct machine *m, uint8_t vec, uint8_t fn)
{
    uint16_t cs, ip;
    service_caller(m, &cs, &ip);
    machine_unimplemented(m, vec, fn, cs, (uint16_t)(ip - 2));
    service_set_carry(m, 1);
    cpu_set(m, REG_AX, 1);
}

/* ---- installation -------------------------------------------------------- */

struct stub { uint8_t vec; service_fn fn; };

static void fill_bda(struct machine *m, uint32_t ticks)
{
    mem_ww(m, 0x410, 0x0021);       /* equipment: 80x25 colour, no FPU, no floppies */
    mem_ww(m, 0x413, 640);          /* KiB of conventional memory */
    mem_ww(m, 0x41A, 0x001E);       /* keyboard buffer head */
    mem_ww(m, 0x41C, 0x001E);       /* keyboard buffer tail */
    mem_ww(m, 0x480, 0x001E);
    mem_ww(m, 0x482, 0x003E);
    mem_wb(m, 0x449, 3);            /* video mode 3 */
    mem_ww(m, 0x44A, 80);           /* columns */
    mem_ww(m, 0x44C, 4096);         /* page size */
    mem_ww(m, 0x463, 0x3D4);        /* CRTC port */
    mem_wb(m, 0x484, 24);           /* rows - 1 */
    mem_ww(m, 0x46C, (uint16_t)ticks);
    mem_ww(m, 0x46E, (uint16_t)(ticks >> 16));
}

static void fill_rom(struct machine *m)
{
    static const char date[] = "04/24/81";
    uint32_t rom = (uint32_t)SEG_ROM << 4;
    /* The reset vector jumps to a HLT loop; nothing should ever go there. */
    const uint8_t reset[] = { 0xEA, 0x00, 0xE0, 0x00, 0xF0 };     /* jmp F000:E000 */
    mem_write(m, rom + 0xFFF0, reset, sizeof reset);
    mem_wb(m, rom + 0xE000, 0xF4);                                 /* hlt */
    mem_write(m, rom + 0xFFF5, date, 8);
    mem_wb(m, rom + 0xFFFE, 0xFF);                                 /* model: IBM PC */
    for (uint32_t a = (uint32_t)SEG_VIDEO << 4; a < ((uint32_t)SEG_VIDEO << 4) + 4000; a += 2)
        mem_ww(m, a, 0x0720);
}

int bios_install(struct machine *m, struct console *con, uint32_t ticks_at_boot)
{
    static const struct stub stubs[] = {
        { 0x00, int00 }, { 0x06, int06 }, { 0x10, int10 }, { 0x11, int11 },
        { 0x12, int12 }, { 0x16, int16 }, { 0x1A, int1a },
    };
    struct bios *b = &the_bios;
    b->con = con;

    /* Every vector starts at a plain IRET. */
    mem_wb(m, lin(SEG_IOSYS, BIOS_IRET_OFF), 0xCF);
    mem_wb(m, lin(SEG_IOSYS, BIOS_CON_OFF), 0xCF);
    for (unsigned v = 0; v < 256; v++)
        ivt_set(m, (uint8_t)v, SEG_IOSYS, BIOS_IRET_OFF);

    mem_write(m, lin(SEG_IOSYS, BIOS_INT08_OFF), int08_code, sizeof int08_code);
    ivt_set(m, 0x08, SEG_IOSYS, BIOS_INT08_OFF);

    for (unsigned i = 0; i < sizeof stubs / sizeof stubs[0]; i++) {
        uint16_t off = (uint16_t)(BIOS_STUB_OFF + i);
        mem_wb(m, lin(SEG_IOSYS, off), 0xCF);           /* the stub: IRET */
        ivt_set(m, stubs[i].vec, SEG_IOSYS, off);
        if (machine_add_trap(m, SEG_IOSYS, off, stubs[i].fn, b) != 0)
            return -1;
    }
    fill_bda(m, ticks_at_boot);
    fill_rom(m);
    pit_bios_setup(&m->pit, m->now);
    m->pic.imr = 0xBC;      /* the BIOS leaves IRQ0, 1 and 6 unmasked */
    machine_update_next_event(m);
    return 0;
}
