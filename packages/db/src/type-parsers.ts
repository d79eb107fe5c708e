import pg from 'pg';

// Both drivers hand back the same JavaScript types, so code and tests do not depend on which
// database is behind them:
// - int8 (counts, sums, identity ids) as number: our values stay far below 2^53;
// - date as its 'YYYY-MM-DD' text, never a Date shifted by the server's time zone;
// - numeric stays a string (both drivers' default), so money is never a float by accident.
export const INT8_OID = 20;
export const INT8_ARRAY_OID = 1016;
export const INT4_ARRAY_OID = 1007;
export const DATE_OID = 1082;

type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
// int4[]'s parser turns int8[] into numbers too; array oids are not in pg's TypeId enum.
const parseInt4Array = pg.types.getTypeParser(INT4_ARRAY_OID as TypeId, 'text') as (value: string) => number[];

/** A `types` object for pg's Pool config, leaving pg's global parsers untouched. */
export const pgTypes = {
  getTypeParser(oid: TypeId, format?: 'text' | 'binary') {
    if (oid === (INT8_OID as TypeId)) return (value: string) => Number(value);
    if (oid === (INT8_ARRAY_OID as TypeId)) return parseInt4Array;
    if (oid === (DATE_OID as TypeId)) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} satisfies pg.CustomTypesConfig;
