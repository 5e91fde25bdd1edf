import { expect, test } from '@playwright/test';
import { builtFileOf, firstDownloadFiles, firstScriptPath, measurePurchase, measureWidgetSize, purchaseGzipBudgetBytes, widgetGzipBudgetBytes } from '../../bench/widget-size.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Bytes, not time: the first script a merchant page downloads stays within the budget.
test.describe('the widget size budget', () => {
  test('the first download (loader and ES entry), Lit included, stays within its gzip budget and leaves the heavy parts out', async () => {
    const report = await measureWidgetSize();
    console.log(`${firstDownloadFiles().join(' + ')}: ${report.widget.gzip} B gzip, ${report.widget.brotli} B brotli; floor ${report.floor.gzip} B`);
    expect(report.widget.gzip).toBeLessThanOrEqual(widgetGzipBudgetBytes);
    // The floor is Lit alone: a widget smaller than it would mean the build dropped Lit.
    expect(report.widget.gzip).toBeGreaterThan(report.floor.gzip);

    // The entry imports nothing statically: its first paint waits on one file after the loader.
    expect(firstDownloadFiles()).toEqual(['svc-checkout.iife.js', 'svc-checkout.js']);
    const firstScript = readFileSync(firstScriptPath, 'utf8');
    // libphonenumber's metadata, the ISO 3166-2 table and zod must not ride in the first script.
    expect(firstScript).not.toContain('country_calling_codes');
    expect(firstScript).not.toContain('Ciudad de México');
    expect(firstScript).not.toContain('_zod');
    // Only English rides in the first script; other languages load for their pages.
    expect(firstScript).not.toContain('Intentar de nuevo');
  });

  test('a Costa Rican card purchase downloads one country of phone data and subdivisions, within its budget', () => {
    const purchase = measurePurchase();
    console.log(purchase.files.map((entry) => `${entry.file} ${entry.gzip} B`).join(', '), `= ${purchase.gzip} B gzip`);
    expect(purchase.gzip).toBeLessThanOrEqual(purchaseGzipBudgetBytes);
    // A Costa Rican number is judged by Costa Rica's plan: libphonenumber's code is not part of it.
    expect(purchase.files.map((entry) => entry.file)).not.toContain(builtFileOf('widget/lazy/phone-validator.ts'));
    // Costa Rica's address tree arrives packed and by provincia: the provincias, then San José's cantones
    // and distritos alone (the whole tree in one packed module was 3.5 kB).
    const territory = purchase.files.filter((entry) => entry.file.startsWith('territory/'));
    expect(territory.map((entry) => entry.file).sort()).toEqual(['territory/CR-1.js', 'territory/CR.js']);
    expect(territory.reduce((sum, entry) => sum + entry.gzip, 0)).toBeLessThan(1900);
    // Costa Rica's module (subdivisions, postal code pattern, phone metadata) and no other country's.
    const countries = purchase.files.filter((entry) => entry.file.startsWith('countries/'));
    expect(countries.map((entry) => entry.file)).toEqual(['countries/CR.js']);
    expect(countries[0]!.gzip).toBeLessThan(1000);
    // The address and invoice checks are plain functions (contract/address-rules.ts, invoice-rules.ts):
    // zod's code, which the BFF's schemas are built with, rides in no file of the widget.
    const built = readdirSync(dirname(firstScriptPath), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(built).toContain(builtFileOf('widget/lazy/invoice-details.ts'));
    for (const file of built) expect(readFileSync(join(dirname(firstScriptPath), file), 'utf8'), file).not.toContain('_zod');
    // The phone code no longer carries every country's metadata.
    expect(readFileSync(join(dirname(firstScriptPath), builtFileOf('widget/lazy/phone-validator.ts')), 'utf8')).not.toContain('"BR"');
  });
});
