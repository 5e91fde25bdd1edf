// Every reference between tables has an index that leads with its columns, on both engines: deleting
// or looking up the referenced row (retention deletes orders with their rows) then reads only the
// rows that name it, where a missing index read the whole referencing table once per deleted row.
// The declared foreign keys come from each engine's catalog; the references the schema does not
// declare (added by later migrations as plain columns) are listed here.
import { expect, test } from '../support/node-test.ts';
import { sql } from 'kysely';
import { storePerFile } from './fixtures/store-per-file.ts';

interface Reference {
  table: string;
  columns: string[];
}

const undeclaredReferences: Reference[] = [
  { table: 'bank_payments', columns: ['order_number'] },
  { table: 'link_payments', columns: ['order_number'] },
  { table: 'link_payments', columns: ['link_id'] },
  { table: 'payment_attempts', columns: ['bank_payment_id'] },
  { table: 'webhook_deliveries', columns: ['event_id'] },
  { table: 'webhook_deliveries', columns: ['endpoint_id'] },
  { table: 'webhook_attempts', columns: ['delivery_id'] },
];

const storeOfFile = storePerFile();

/** Rows grouped by a key, in first-seen order (Map.groupBy is Node 21+). */
function groupBy<T, K>(rows: T[], key: (row: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
}

async function declaredForeignKeys(): Promise<Reference[]> {
  if (storeOfFile().engine === 'sqlite') {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(storeOfFile().db);
    const keys: Reference[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql<{ id: number; from: string }>`select id, "from" from pragma_foreign_key_list(${name}) order by id, seq`.execute(storeOfFile().db);
      for (const columns of groupBy(rows.rows, (row) => row.id)) keys.push({ table: name, columns: columns.map((row) => row.from) });
    }
    return keys;
  }
  const rows = await sql<{ table: string; columns: string[] }>`
    select c.conrelid::regclass::text as "table",
           array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as columns
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(storeOfFile().db);
  return rows.rows.map((row) => ({ table: row.table.replace(/^.*\./, ''), columns: row.columns }));
}

/** Each index of `table` as its column list, in order. */
async function indexesOf(table: string): Promise<string[][]> {
  if (storeOfFile().engine === 'sqlite') {
    const rows = await sql<{ index: string; column: string }>`
      select il.name as "index", ii.name as "column" from pragma_index_list(${table}) il join pragma_index_info(il.name) ii order by il.name, ii.seqno`.execute(storeOfFile().db);
    return groupBy(rows.rows, (row) => row.index).map((columns) => columns.map((row) => row.column));
  }
  const rows = await sql<{ columns: string[] }>`
    select array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)::text[] as columns
    from pg_index i where i.indrelid = ${table}::regclass`.execute(storeOfFile().db);
  return rows.rows.map((row) => row.columns);
}

test('every foreign key and every undeclared reference has an index that leads with its columns', async () => {
  const declared = await declaredForeignKeys();
  // The catalog query works: the schema declares these three.
  expect(declared.map((key) => `${key.table}.${key.columns.join(',')}`).sort()).toEqual(
    expect.arrayContaining(['order_status_history.order_number', 'payment_attempts.order_number', 'sessions.order_number']),
  );
  const unindexed: string[] = [];
  for (const reference of [...declared, ...undeclaredReferences]) {
    const indexes = await indexesOf(reference.table);
    const served = indexes.some((columns) => reference.columns.every((column, i) => columns[i] === column));
    if (!served) unindexed.push(`${reference.table}(${reference.columns.join(', ')})`);
  }
  expect(unindexed).toEqual([]);
});
