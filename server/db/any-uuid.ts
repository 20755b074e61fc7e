import { sql, type Column } from 'drizzle-orm';

/**
 * `column = any('{…}'::uuid[])`: a set of ids as one parameter. `inArray` binds one parameter an id, and at a
 * village's 500 members the embedded database spent more on them than on the rows (server/push/dispatcher.ts).
 * The ids are uuids the database gave, so none holds a comma or a brace.
 */
export const anyUuid = (column: Column, ids: readonly string[]) => sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;
