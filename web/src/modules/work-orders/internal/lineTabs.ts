import type { LineTable } from './workOrderValues';

// The four line tables sit in tabs (issue 14, item 4: a compact header, the lines in tabs as Odoo
// and ERPNext do). Each tab names its table; its label shows the row count and an error dot.

export type LineTab = { tabla: LineTable; label: string };

/** The tabs in their order. The labels are the tables' own titles (the regions inside keep them). */
export const LINE_TABS: readonly LineTab[] = [
  { tabla: 'diagnosticos', label: 'Diagnósticos' },
  { tabla: 'intervenciones', label: 'Intervenciones' },
  { tabla: 'productos_solicitados', label: 'Repuestos' },
  { tabla: 'documentos', label: 'Documentos' },
];

/** The tables with at least one error among the form's errors (keyed as the server keys them:
 * 'productos_solicitados.0.id_unidad'; a table-wide key 'productos_solicitados' counts too). */
export function tablesWithErrors(errors: Record<string, string>): Set<LineTable> {
  const out = new Set<LineTable>();
  for (const [key, message] of Object.entries(errors)) {
    if (!message) continue;
    const head = key.split('.')[0];
    const tab = LINE_TABS.find((t) => t.tabla === head);
    if (tab) out.add(tab.tabla);
  }
  return out;
}

/** The tab a failed save opens: the first (in tab order) holding an error; null when the errors
 * are all in the header (the selected tab stays). */
export function firstTabWithError(errors: Record<string, string>): number | null {
  const bad = tablesWithErrors(errors);
  const i = LINE_TABS.findIndex((t) => bad.has(t.tabla));
  return i < 0 ? null : i;
}
