import { inputColumn, LineTable, type LineColumn } from './LineTable';
import type { WorkOrderForm } from '../hooks/useWorkOrderForm';
import type { WorkLineValues } from '../internal/workOrderValues';

type Props = {
  tabla: 'diagnosticos' | 'intervenciones';
  form: WorkOrderForm;
  locked: boolean;
  removing: string | null;
  onRemove(row: WorkLineValues): void;
};

const COLUMNS: LineColumn<WorkLineValues>[] = [
  inputColumn('descripcion', 'Descripción', { cellClass: 'min-w-48', input: { maxLength: 500 } }),
  inputColumn('horas', 'Horas', { width: 'w-20', input: { type: 'number', inputMode: 'numeric', min: 0, max: 9999, step: 1 } }),
  inputColumn('minutos', 'Minutos', { width: 'w-20', input: { type: 'number', inputMode: 'numeric', min: 0, max: 59, step: 1 } }),
  inputColumn('observacion', 'Observación', { cellClass: 'min-w-40', input: { maxLength: 500 } }),
];

/** Diagnosticos and Intervenciones (seed 001 §3): grupo funcional, elemento (required), descripción,
 * horas and minutos (default 0) and observación; text up to 500 characters. */
export function WorkLinesTable(props: Props) {
  return <LineTable {...props} columns={COLUMNS} minWidth="min-w-[52rem]" />;
}
