// Reads the catalog file (CATALOG_FILE, else the demo catalog beside this module; the BFF's build
// copies it next to its bundle). Shared by the BFF, which prices sessions with it, and the demo,
// which shows the same items.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Catalog, catalogDocument, type CatalogDocument } from '../contract/catalog.ts';

export const demoCatalogPath = fileURLToPath(new URL('./demo-catalog.json', import.meta.url));

/** The document of `file` (or the demo catalog); a missing or malformed file throws naming CATALOG_FILE. */
export function readCatalogFile(file: string | undefined): CatalogDocument {
  const path = file ?? demoCatalogPath;
  try {
    return catalogDocument.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new Error(`CATALOG_FILE: cannot use ${path}: ${(error as Error).message}`);
  }
}

/** The catalog of CATALOG_FILE (or the demo catalog), ready to price carts. */
export function loadCatalog(file: string | undefined): Catalog {
  const document = readCatalogFile(file);
  return new Catalog(document.items, { offersInvoice: document.invoice === true });
}
