/** An on-screen keyboard layout as `GET /api/script/runs/virtual-keyboards` answers it (docs/locale-formats.md). */
export interface KeyboardLayout {
  id: string;
  name: string;
  /** The language it writes. */
  language: string;
  direction: 'ltr' | 'rtl';
  /** Each row's keys; a key may be two letters (Arabic lam-alef `لا`). */
  rows: string[][];
  shiftRows: string[][];
}
