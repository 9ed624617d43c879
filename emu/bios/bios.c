/*
 * emu/bios/bios.c: the BIOS data area and ROM, the vectors, the INT 08h timer
 * handler, and the services that are not video or keyboard: equipment and
 * memory size (11h, 12h), disks, serial and printer ports that are absent
 * (13h, 14h, 17h), system services (15h), time of day (1Ah), and the CPU
 * exceptions that end a run (see bios.h).
 */
#include "bios.h"
#include "bios_internal.h"

#include <stdlib.h>
#include <string.h>

#include "../pc/bda.h"
#include "../pc/console.h"
#include "../costs.h"
#include "../machine.h"
#include "../services.h"
#include "../video/video.h"

/* The machine profil is: an IBM 5160 (PC/XT) with its first BIOS, dated
 * 11/08/82 (docs/services.md says why).  Its identity, where programs
 * look: the date at F000:FFF5 and the model byte FEh at F000:FFFE (IBM
 * PC/XT Technical Reference; Ralf Brown's Interrupt List, "MACHINE ID";
 * HelpPC, "Machine ID").  It has no INT 15h C0h: its INT 15h is the
 * cassette entry the XT has no cassette for, AH=86h and CF set for every
 * function (RBIL INT 15h AH=C0h: "The PC XT (1982/11/08) ... return
 * AH=86h/CF set"). */
#define XT_BIOS_DATE "11/08/82"
#define XT_MODEL_BYTE 0xFEu

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

void bios_charge_call(struct machine *m)
{
    machine_charge(m, COST_BIOS_CALL, cpu_get(m, REG_CS), cpu_get(m, REG_IP));
}

void bios_charge_chars(struct machine *m, unsigned n)
{
    machine_charge(m, (uint64_t)n * COST_TTY_CHAR, SEG_IOSYS, BIOS_CON_OFF);
}

/* ---- INT 11h, 12h: equipment and memory size ----------------------------- */

static void int11(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    cpu_set(m, REG_AX, mem_rw(m, BDA_EQUIPMENT));
}

static void int12(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    cpu_set(m, REG_AX, mem_rw(m, BDA_MEMORY_KB));
}

/* ---- INT 13h, 14h, 17h: no disks, no serial or printer ports ----------- */

static void int13(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    uint8_t status = cpu_ah(m) == 0x15 ? 0x00 : 0x80;   /* 15h: no such drive; others: not ready */
    mem_wb(m, BDA_DISK_STATUS, status);
    cpu_set_ah(m, status);
    service_set_carry(m, status != 0);
}

static void int14(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    cpu_set(m, REG_AX, 0x8000);         /* time-out: no port */
}

static void int17(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    cpu_set_ah(m, 0x09);                /* time-out, I/O error: no printer */
}

/* ---- INT 15h: system services ---------------------------------------------- */

static void int15(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    /* The 11/08/82 XT BIOS answers every function alike: no cassette, no
     * configuration table (C0h), no extended memory (88h), no keyboard
     * intercept or device busy hooks (4Fh, 90h, 91h come from the AT). */
    cpu_set_ah(m, 0x86);
    service_set_carry(m, 1);
}

/* ---- INT 1Ah: time of day ------------------------------------------------ */

static void int1a(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    switch (cpu_ah(m)) {
    case 0x00:
        cpu_set(m, REG_CX, mem_rw(m, BDA_TICKS + 2));
        cpu_set(m, REG_DX, mem_rw(m, BDA_TICKS));
        cpu_set_al(m, mem_rb(m, BDA_MIDNIGHT));
        mem_wb(m, BDA_MIDNIGHT, 0);
        break;
    case 0x01:
        mem_ww(m, BDA_TICKS + 2, cpu_get(m, REG_CX));
        mem_ww(m, BDA_TICKS, cpu_get(m, REG_DX));
        mem_wb(m, BDA_MIDNIGHT, 0);
        break;
    default:
        /* The XT has no real-time clock: its 1982 BIOS returns from every
         * other function with the registers and flags as they came. */
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

void bios_unknown(struct machine *m, uint8_t vec, uint8_t fn)
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
    /* Equipment, as the XT's switch block 1 gives it: a diskette drive
     * (bit 0; bits 6-7 = 0, one drive), no FPU (bit 1), bits 2-3 = 11 the
     * planar RAM fully populated (256 KiB on the 11/08/82 board), and bits
     * 4-5 the initial video mode (the card's descriptor says): 00 a card
     * with its own BIOS (EGA, VGA),
     * 10 80x25 colour (CGA), 11 80x25 monochrome (MDA, Hercules); no
     * serial, game or printer ports (bits 9-15). */
    mem_ww(m, BDA_EQUIPMENT, (uint16_t)(0x000D | m->adapter.card->bios.equipment));
    mem_ww(m, BDA_MEMORY_KB, 640);              /* KiB: 256 planar + 384 on memory cards */
    mem_ww(m, BDA_KBD_HEAD, 0x001E);            /* keyboard buffer head */
    mem_ww(m, BDA_KBD_TAIL, 0x001E);            /* keyboard buffer tail */
    mem_ww(m, BDA_KBD_START, 0x001E);
    mem_ww(m, BDA_KBD_END, 0x003E);
    /* 40:96h (BDA_KBD_FLAGS3) stays 0: the 83-key keyboard; the 1982 BIOS
     * knows no 101-key one and has no byte there. */
    mem_ww(m, BDA_TICKS, (uint16_t)ticks);
    mem_ww(m, BDA_TICKS + 2, (uint16_t)(ticks >> 16));
}

static void fill_rom(struct machine *m)
{
    uint32_t rom = (uint32_t)SEG_ROM << 4;
    /* The reset vector jumps to a HLT loop; nothing should ever go there. */
    const uint8_t reset[] = { 0xEA, 0x00, 0xE0, 0x00, 0xF0 };     /* jmp F000:E000 */
    mem_write(m, rom + 0xFFF0, reset, sizeof reset);
    mem_wb(m, rom + 0xE000, 0xF4);                                 /* hlt */
    mem_write(m, rom + 0xFFF5, XT_BIOS_DATE, 8);
    mem_wb(m, rom + 0xFFFE, XT_MODEL_BYTE);
    /* An EGA's or VGA's video BIOS ROM at C000h, as the POST finds option
     * ROMs: 55h AAh, its size in 512-byte blocks, an entry (a RETF: its
     * code is the host's INT 10h), bytes summing to 0. */
    uint32_t size = m->adapter.card->bios.rom_size;
    if (size) {
        const uint8_t head[4] = { 0x55, 0xAA, (uint8_t)(size / 512), 0xCB };
        mem_write(m, VIDEO_ROM_LO, head, sizeof head);
    }
    video_rom_fonts(m);                 /* F000:FA6E's 8x8, the card's own fonts */
    if (size) {
        uint8_t sum = 0;
        for (uint32_t i = 0; i + 1 < size; i++)
            sum = (uint8_t)(sum + mem_rb(m, VIDEO_ROM_LO + i));
        mem_wb(m, VIDEO_ROM_LO + size - 1, (uint8_t)-sum);
    }
}

void bios_disk_wait(struct machine *m, uint64_t until)
{
    struct bios *b = m->bios;
    if (until <= m->now)
        return;
    b->disk_service = m->service;
    machine_service_wait(m, SEG_IOSYS, BIOS_DISK_WAIT_OFF);
    m->wake_at = until;
}

/* The trap at the disk wait's IRET: an interrupt woke the HLT before the
 * time, so the wait goes on (still the service's); else the IRET returns
 * to the service's caller. */
static void disk_done(struct machine *m, void *ctx)
{
    struct bios *b = ctx;
    uint64_t until = m->wake_at;
    if (until != UINT64_MAX && m->now < until) {
        machine_service_wait(m, SEG_IOSYS, BIOS_DISK_WAIT_OFF);
        m->service_waiting = b->disk_service;
        m->wake_at = until;
        return;
    }
    m->wake_at = UINT64_MAX;
    if (m->service_waiting == b->disk_service)
        m->service_waiting = 0;
}

int bios_install(struct machine *m, struct console *con, uint32_t ticks_at_boot)
{
    static const struct stub stubs[] = {
        { 0x00, int00 }, { 0x06, int06 }, { 0x09, bios_int09 }, { 0x10, bios_int10 }, { 0x11, int11 },
        { 0x12, int12 }, { 0x13, int13 }, { 0x14, int14 }, { 0x15, int15 }, { 0x16, bios_int16 },
        { 0x17, int17 }, { 0x1A, int1a },
    };
    struct bios *b = calloc(1, sizeof *b);     /* the machine's: freed with it */
    if (!b)
        return -1;
    free(m->bios);
    m->bios = b;
    b->con = con;
    m->keys_held = bios_key_buffer_full;

    /* Every vector starts at a plain IRET. */
    mem_wb(m, lin(SEG_IOSYS, BIOS_IRET_OFF), 0xCF);
    mem_wb(m, lin(SEG_IOSYS, BIOS_CON_OFF), 0xCF);
    for (unsigned v = 0; v < 256; v++)
        ivt_set(m, (uint8_t)v, SEG_IOSYS, BIOS_IRET_OFF);

    /* INT 08h's code, then the IRET INT 1Ch points at (the user timer
     * hook, called by INT 08h): time in both is the timer's. */
    mem_write(m, lin(SEG_IOSYS, BIOS_INT08_OFF), int08_code, sizeof int08_code);
    mem_wb(m, lin(SEG_IOSYS, BIOS_INT08_OFF + sizeof int08_code), 0xCF);
    ivt_set(m, 0x08, SEG_IOSYS, BIOS_INT08_OFF);
    ivt_set(m, 0x1C, SEG_IOSYS, BIOS_INT08_OFF + sizeof int08_code);
    if (machine_add_code_service(m, SEG_IOSYS, BIOS_INT08_OFF, sizeof int08_code + 1, service_id(0x08, 0, 0)) != 0)
        return -1;

    for (unsigned i = 0; i < sizeof stubs / sizeof stubs[0]; i++) {
        uint16_t off = (uint16_t)(BIOS_STUB_OFF + i);
        mem_wb(m, lin(SEG_IOSYS, off), 0xCF);           /* the stub: IRET */
        ivt_set(m, stubs[i].vec, SEG_IOSYS, off);
        if (machine_add_service(m, stubs[i].vec, SEG_IOSYS, off, stubs[i].fn, b) != 0)
            return -1;
        if (stubs[i].vec == 0x16)
            bios_keys_install(m, off);
    }
    machine_put_wait_loop(m, SEG_IOSYS, BIOS_DISK_WAIT_OFF, BIOS_DISK_DONE_OFF);
    mem_wb(m, lin(SEG_IOSYS, BIOS_DISK_DONE_OFF), 0xCF);     /* iret to the service's caller */
    if (machine_add_trap(m, SEG_IOSYS, BIOS_DISK_DONE_OFF, disk_done, b) != 0)
        return -1;
    fill_bda(m, ticks_at_boot);
    fill_rom(m);
    video_init(m);
    pit_bios_setup(&m->pit, m->now);
    m->pic.imr = 0xBC;      /* the BIOS leaves IRQ0, 1 and 6 unmasked */
    machine_update_next_event(m);
    return 0;
}
