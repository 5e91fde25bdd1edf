// The ordered list of migrations. Append new ones (names sort: NNNN-what) and never edit a shipped one.
import type { Migration } from 'kysely';
import { initial } from './0001-initial.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};
