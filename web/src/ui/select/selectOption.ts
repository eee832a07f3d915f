export type SelectValue = string | number;

/** One choice of a select; `raw` keeps the server item (extra columns) when it came from one. */
export type SelectOption<V extends SelectValue = SelectValue> = { value: V; label: string; raw?: Record<string, unknown> };
