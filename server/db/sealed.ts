// Column types for personal text the database must never hold in the clear: a `bytea` column whose values are sealed
// on the way in and opened on the way out (server/db/cipher.ts) with the key of the user whose scope the code
// runs in (server/db/user-scope.ts: every authenticated request; asUser elsewhere), so every query through
// Drizzle reads and writes plain strings and nothing can store one unsealed, or under no one's key, by mistake. The
// table needs a `user_id` column (whose key seals it: server/privacy/reseal.ts checks). A raw SQL parameter must be
// sealed by the column itself: `chatMessages.content.mapToDriverValue(text)`.
import { customType } from 'drizzle-orm/pg-core';
import { openText, sealText } from './cipher';

const sealedNames = new Set<string>();

/** Every sealed column as `table.column` (the start-up job re-seals them: server/privacy/reseal.ts). */
export const isSealedColumn = (table: string, column: string) => sealedNames.has(`${table}.${column}`);

/** A sealed text column of `table`; its name is the additional data the seal is bound to. */
export function sealedText(table: string, column: string) {
  const aad = `${table}.${column}`;
  sealedNames.add(aad);
  return customType<{ data: string; driverData: Uint8Array }>({
    dataType: () => 'bytea',
    toDriver: (value) => sealText(value, aad),
    fromDriver: (value) => openText(value, aad),
  })(column);
}

/** A sealed JSON column (a value that holds personal text, like a diary suggestion made from the conversation). */
export function sealedJson<T>(table: string, column: string) {
  const aad = `${table}.${column}`;
  sealedNames.add(aad);
  return customType<{ data: T; driverData: Uint8Array }>({
    dataType: () => 'bytea',
    toDriver: (value) => sealText(JSON.stringify(value), aad),
    fromDriver: (value) => JSON.parse(openText(value, aad)) as T,
  })(column);
}
