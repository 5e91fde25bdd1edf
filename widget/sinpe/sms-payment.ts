import { generate } from 'lean-qr/nano';
import { amountToType } from './sinpe-amount.ts';
import type { SinpeSmsBank } from './sinpe-sms-banks.ts';

/**
 * The SMS a Costa Rican bank turns into a SINPE Móvil transfer: `PASE <monto> <teléfono>`, and the
 * reference after the number when the transfer is found by its reference only (the banks' SMS
 * syntax takes a detail there; one that drops it leaves the payment for the shop to place, never
 * on another order).
 */
export function sinpeSmsText(amount: string, phone: string, reference?: string): string {
  return `PASE ${amountToType(amount)} ${phone}${reference ? ` ${reference}` : ''}`;
}

/**
 * An `sms:` link that opens the messages app with the text filled in. `?&body=` is read by both
 * Android (`?body=`) and iOS (`&body=`).
 */
export function sinpeSmsLink(bank: SinpeSmsBank, text: string): string {
  return `sms:${bank.smsNumber}?&body=${encodeURIComponent(text)}`;
}

/** 7070-1222 for 8 digits, as Costa Ricans write a number; short codes as they are. */
export function formatSmsNumber(digits: string): string {
  return digits.length === 8 ? `${digits.slice(0, 4)}-${digits.slice(4)}` : digits;
}

/** Draws the QR of `link` (one canvas pixel per module; CSS scales it), black on white. */
export function drawQr(canvas: HTMLCanvasElement, link: string): void {
  generate(link).toCanvas(canvas, { on: [0, 0, 0, 255], off: [255, 255, 255, 255], padX: 2, padY: 2 });
}
