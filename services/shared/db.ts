import postgres, { type Sql } from 'postgres';

export type { Sql };

export type DbOptions = { max?: number; applicationName?: string };

/** One postgres.js pool. int8 columns come back as numbers: ids and positions stay far below 2^53. */
export function createSql(url: string, options: DbOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'faena' },
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number | bigint) => value.toString(),
        parse: (value: string) => Number(value),
      },
    },
  });
}
