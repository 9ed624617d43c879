/*
 * emu/pc/bda.h: the BIOS data area at 0040:0000, as linear addresses: the
 * one definition of the fields the video model (video.c), the BIOS
 * (emu/bios) and DOS's clock (dos_time.c) read and write, where the IBM
 * PC BIOS keeps them.
 */
#ifndef PROFIL_EMU_BDA_H
#define PROFIL_EMU_BDA_H

#define BDA_EQUIPMENT   0x410u      /* the equipment word (INT 11h)            */
#define BDA_MEMORY_KB   0x413u      /* KiB of conventional memory (INT 12h)    */
#define BDA_SHIFT       0x417u      /* shift flags, then the second byte       */
#define BDA_SHIFT2      0x418u
#define BDA_KBD_HEAD    0x41Au      /* the key buffer's head and tail: offsets  */
#define BDA_KBD_TAIL    0x41Cu      /* in segment 40h, from BDA_KBD_START       */
#define BDA_DISK_STATUS 0x441u      /* the last diskette operation's status    */
#define BDA_MODE        0x449u      /* video: mode, columns, page size, start  */
#define BDA_COLS        0x44Au
#define BDA_PAGE_SIZE   0x44Cu
#define BDA_PAGE_START  0x44Eu
#define BDA_CURSORS     0x450u      /* 8 pages: column, row */
#define BDA_CURSOR_TYPE 0x460u
#define BDA_PAGE        0x462u
#define BDA_CRTC        0x463u      /* the 6845's index port: 3D4h, 3B4h       */
#define BDA_MODE_CONTROL 0x465u     /* what the BIOS last wrote to 3D8h/3B8h   */
#define BDA_PALETTE     0x466u      /* ... and to 3D9h                         */
#define BDA_TICKS       0x46Cu      /* timer ticks since midnight (a dword)    */
#define BDA_MIDNIGHT    0x470u      /* set at the day's rollover              */
#define BDA_KBD_START   0x480u      /* the key buffer's bounds                 */
#define BDA_KBD_END     0x482u
#define BDA_ROWS_M1     0x484u
#define BDA_CHAR_HEIGHT 0x485u
#define BDA_KBD_FLAGS3  0x496u      /* 10h: a 101-key keyboard (0 on the XT)  */

#endif
