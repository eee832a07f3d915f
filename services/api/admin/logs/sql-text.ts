/** A string as an SQL literal, for expressions generated from the code's own tables. */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
