import type { ReactNode } from 'react';
import { CellInput } from '../../../ui/form/CellInput';
import { ElementCells } from './ElementCells';
import { RemoveRowButton } from '../../../ui/form/RemoveRowButton';
import type { WorkOrderForm } from '../hooks/useWorkOrderForm';
import type { PartLineValues, WorkLineValues } from '../internal/workOrderValues';
import { LINE_ROW, LineNumberCell, LineTableHead } from '../../../ui/form/LineTableHead';

type Tabla = 'diagnosticos' | 'intervenciones' | 'productos_solicitados';
type RowOf<T extends Tabla> = T extends 'productos_solicitados' ? PartLineValues : WorkLineValues;

/** What a cell gets: the row, its number on screen, whether the table is locked, its update and
 * its field errors. */
export type LineCell<R> = { row: R; n: number; locked: boolean; update(change: Partial<R>): void; err(field: string): string | undefined };

/** A column after Grupo / Elemento: its header (`required` marks it), width class and cell. */
export type LineColumn<R> = { label: string; required?: boolean; width?: string; cellClass?: string; cell(c: LineCell<R>): ReactNode };

/** A text or number column edited in place (CellInput), named '{label} (fila n)' for screen
 * readers. */
export function inputColumn<R extends Record<string, unknown>>(
  field: keyof R & string,
  label: string,
  options: Omit<LineColumn<R>, 'label' | 'cell'> & { input?: Omit<Parameters<typeof CellInput>[0], 'label' | 'value' | 'onChange'>; errorField?: string } = {},
): LineColumn<R> {
  const { input, errorField, ...column } = options;
  return {
    label,
    ...column,
    cell: ({ row, n, locked, update, err }) => (
      <CellInput label={`${label} (fila ${n})`} value={String(row[field] ?? '')} disabled={locked} onChange={(v) => update({ [field]: v } as Partial<R>)} error={err(errorField ?? field)} {...input} />
    ),
  };
}

type Props<T extends Tabla> = {
  tabla: T;
  form: WorkOrderForm;
  locked: boolean;
  removing: string | null;
  onRemove(row: RowOf<T>): void;
  columns: LineColumn<RowOf<T>>[];
  /** The table's minimum width (a Tailwind class), so narrow screens scroll it sideways. */
  minWidth: string;
};

/** The skeleton of the work order's line tables (seed 001 §3): the row number, grupo funcional and
 * elemento (required; the element follows the group), the table's own columns, and the remove
 * button (not on a closed order). A row's server errors are keyed '{tabla}.{i}.{field}'. Under
 * 640 px each line is a stacked card (CSS only, the same cells): its number and remove button on
 * top, every cell under its own label, narrow columns (those with a `width`) two to a row. */
export function LineTable<T extends Tabla>({ tabla, form, locked, removing, onRemove, columns, minWidth }: Props<T>) {
  const rows = form.values[tabla] as RowOf<T>[];
  return (
    <div className="overflow-x-auto max-sm:overflow-visible">
      <table className={`w-full ${minWidth} border-collapse text-sm max-sm:block max-sm:min-w-0!`}>
        <LineTableHead number="#" columns={[{ label: 'Grupo / Elemento', required: true }, ...columns]} />
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:p-1">
          {rows.map((row, i) => {
            const n = i + 1;
            const cell: LineCell<RowOf<T>> = {
              row,
              n,
              locked,
              update: (change) => form.updateLine(tabla, row.key, change),
              err: (field) => form.fieldError(`${tabla}.${i}.${field}`),
            };
            return (
              <tr key={row.key} className={`${LINE_ROW} max-sm:bg-white max-sm:*:p-0 max-sm:[&>td:nth-child(2)]:col-span-2 max-sm:[&>td:nth-child(2)>div]:w-full`}>
                <LineNumberCell n={n} wide />
                <ElementCells
                  row={n}
                  idGrupo={row.id_grupo_funcional}
                  idElemento={row.id_grupo_funcional_elemento}
                  onChange={cell.update}
                  disabled={locked}
                  groupError={cell.err('id_grupo_funcional')}
                  elementError={cell.err('id_grupo_funcional_elemento')}
                />
                {columns.map((c) => (
                  <td key={c.label} className={`px-2 py-2 align-top ${c.cellClass ?? ''} max-sm:min-w-0 ${c.width ? 'max-sm:col-span-1' : 'max-sm:col-span-2'}`}>
                    <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600 sm:hidden">
                      {c.label}
                      {c.required ? <span className="text-red-600"> *</span> : null}
                    </span>
                    {c.cell(cell)}
                  </td>
                ))}
                <td className="px-2 py-2 align-top max-sm:absolute max-sm:end-2 max-sm:top-2">{!locked ? <RemoveRowButton label={`Eliminar fila ${n}`} busy={removing === row.key} onClick={() => onRemove(row)} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
