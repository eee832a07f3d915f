import * as v from 'valibot';

// The shared contract pieces of every module (the API builds its replies from them, the web reads
// its types from them).
//
// Valibot pieces of the replies (fields.ts holds those of the inputs): one definition for each
// kind of value every module sends, as it reaches the client in JSON. Reply schemas are built from
// these, so an id, a date or an amount reads the same in every module's contract.

/** A record id (int8 columns come back as numbers: services/shared/db.ts). */
export const rowId = () => v.pipe(v.number(), v.integer());

/** A reference that may be empty. */
export const ref = () => v.nullable(rowId());

/** Seed 000 §3: `estado` 1 active, 0 inactive. */
export const estado = () => v.picklist([0, 1]);

/** A 0/1 flag column. */
export const flag01 = () => v.picklist([0, 1]);

/** An instant as JSON writes a timestamp: ISO 8601 in UTC ('2026-11-25T09:01:17.899Z'). */
export const instant = () => v.pipe(v.string(), v.isoTimestamp(), v.description('instant, ISO 8601 UTC'));

/** A business wall-clock time in Lima, to the minute ('2026-11-24T13:40'; forms use a space). */
export const wallClock = () => v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/), v.description('Lima wall clock yyyy-MM-ddTHH:mm'));

/** A calendar day 'YYYY-MM-DD'. */
export const day = () => v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.description('day yyyy-MM-dd'));

/** Money (seed 001 §3): a decimal string with two decimals ('185000.00'). */
export const money = () => v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/), v.description('money, 2 decimals'));

/** A numeric(…, n) column as text ('1.0000'). */
export const decimalText = () => v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/), v.description('decimal'));

/** Text that may be empty (NULL). */
export const optText = () => v.nullable(v.string());

/** A menu name in the other languages (`{ en, tr, ar }`). */
export const translations = () => v.record(v.string(), v.string());

/** The bookkeeping of a record read model: the form of a new record (id 0) has none of it. */
export const recordMeta = {
  estado: v.optional(estado()),
  version: v.optional(rowId()),
  date_created: v.optional(instant()),
  date_updated: v.optional(instant()),
};

/** A select option (seed 000 §7 lookups): `value`, `label` and the extra fields given. */
export const option = <E extends v.ObjectEntries, V extends v.GenericSchema<unknown, number | string> = ReturnType<typeof rowId>>(
  extra: E = {} as E,
  value: V = rowId() as unknown as V,
) => v.object({ value, label: v.string(), ...extra });

/** A reply with one list of options. */
export const options = <E extends v.ObjectEntries, V extends v.GenericSchema<unknown, number | string> = ReturnType<typeof rowId>>(
  extra: E = {} as E,
  value: V = rowId() as unknown as V,
) => v.object({ items: v.array(option(extra, value)) });

/** A reply with no payload beyond ok/msg/errors (the toast is `msg`). */
export const noPayload = () => v.object({});

/** One row of a list: from its routes (`ListRow<typeof list>`) or its row schema. */
export type ListRow<L extends { row: v.GenericSchema } | v.GenericSchema> = L extends { row: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : L extends v.GenericSchema
    ? v.InferOutput<L>
    : never;

/** A CRUD item as its form and save send it: id, the item's fields, the record's meta. */
export const crudItem = <I extends v.ObjectEntries>(item: I) => v.object({ id: rowId(), ...item, ...recordMeta });

/** The replies of a CRUD's form and save. */
export const crudReplies = <S extends v.GenericSchema>(item: S) => ({
  form: v.object({ item }),
  save: v.object({ item, is_new: v.boolean() }),
});
