import { sql, type ColumnDataType, type Expression, type RawBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The few column types and defaults that differ between SQLite and PostgreSQL, so one migration
 * serves both. Timestamps are ISO-8601 text on SQLite and timestamptz on PostgreSQL; both come
 * back to the code as ISO strings (see database.ts).
 */
export interface DialectSql {
  name: DialectName;
  timestamp: ColumnDataType;
  now: RawBuilder<unknown>;
  autoIncrementId: ColumnDataType;
  double: ColumnDataType;
  bigint: ColumnDataType;
  json: ColumnDataType;
}

export function dialectSql(name: DialectName): DialectSql {
  return name === 'postgres'
    ? {
        name,
        timestamp: 'timestamptz',
        now: sql`now()`,
        autoIncrementId: 'bigserial',
        double: 'double precision',
        bigint: 'bigint',
        json: 'text',
      }
    : {
        name,
        timestamp: 'text',
        now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
        autoIncrementId: 'integer',
        double: 'real',
        bigint: 'integer',
        json: 'text',
      };
}

/** The current time in the form both dialects store and return. */
export function nowIso(): string {
  return new Date().toISOString();
}

export type { Expression };
