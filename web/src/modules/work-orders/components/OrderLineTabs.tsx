import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { DocumentsTable } from '../../../ui/documents/DocumentsTable';
import { errorIndex, type WorkOrderForm } from '../hooks/useWorkOrderForm';
import { LINE_TABS, tablesWithErrors } from '../internal/lineTabs';
import { blankDocument, blankPartLine, blankWorkLine, type LineTable } from '../internal/workOrderValues';
import type { WorkOrderFormReply, WorkOrderItem } from '../workOrderTypes';
import { LineSection } from './LineSection';
import { PartLinesTable } from './PartLinesTable';
import { WorkLinesTable } from './WorkLinesTable';

const TAB_CLASS =
  'relative -mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 outline-none hover:text-slate-900 data-focus:rounded-t-md data-focus:ring-2 data-focus:ring-teal-600 data-focus:ring-inset data-selected:border-teal-700 data-selected:text-teal-800';

/** The two tables of diagnosis and intervention lines, with their titles. */
const WORK_TABLES = [
  { tabla: 'diagnosticos', title: 'Diagnósticos' },
  { tabla: 'intervenciones', title: 'Intervenciones' },
] as const;

type Props = {
  form: WorkOrderForm;
  /** The selected tab and its change. */
  lineTab: number;
  onLineTab(index: number): void;
  /** Closed, cancelled or without the edit right. */
  readOnly: boolean;
  /** The parts fixed (readOnly, or permissions.parts_locked). */
  partsLocked: boolean;
  /** The parts' situation labels of the order (the reply's item.labels). */
  labels: WorkOrderItem['labels'];
  unidades: WorkOrderFormReply['unidades'];
  conversiones: WorkOrderFormReply['conversion_unidades'];
  /** The key of the row being removed on the server. */
  removing: string | null;
  onRemove(tabla: LineTable, row: { key: string; id: number }): void;
  /** 'No requiere productos de almacén' ticked or unticked (the editor asks before clearing parts). */
  onSinProductos(checked: boolean): void;
};

/** The four line tables in tabs (as Odoo's and ERPNext's documents): each tab names its table,
 * its rows and, with a dot, an error in one of them. Hidden panels stay mounted. */
export function OrderLineTabs({ form, lineTab, onLineTab, readOnly, partsLocked, labels, unidades, conversiones, removing, onRemove, onSinProductos }: Props) {
  const { values } = form;
  const tabErrors = tablesWithErrors(form.errors);
  return (
    <TabGroup selectedIndex={lineTab} onChange={onLineTab} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <TabList aria-label="Líneas de la orden de trabajo" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2">
        {LINE_TABS.map((tab) => {
          const hasError = tabErrors.has(tab.tabla);
          const count = values[tab.tabla].length;
          return (
            // Named by what it shows ('Diagnósticos 2'), plus ', con errores' when the dot shows.
            <Tab key={tab.tabla} className={TAB_CLASS} aria-label={`${tab.label} ${count}${hasError ? ', con errores' : ''}`}>
              {tab.label} <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums">{count}</span>
              {hasError ? <span className="size-2 rounded-full bg-red-600" data-error-dot aria-hidden="true" /> : null}
            </Tab>
          );
        })}
      </TabList>
      <TabPanels>
        {WORK_TABLES.map(({ tabla, title }) => (
          <TabPanel key={tabla} unmount={false} className="focus:outline-none">
            <LineSection title={title} count={values[tabla].length} locked={readOnly} onAdd={() => form.addLine(tabla, blankWorkLine())}>
              <WorkLinesTable tabla={tabla} form={form} locked={readOnly} removing={removing} onRemove={(row) => onRemove(tabla, row)} />
            </LineSection>
          </TabPanel>
        ))}
        <TabPanel unmount={false} className="focus:outline-none">
          <label className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={values.sin_productos}
              disabled={partsLocked}
              onChange={(e) => onSinProductos(e.target.checked)}
              className="size-4 rounded border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600"
            />
            No requiere productos de almacén
          </label>
          {!values.sin_productos ? (
            <LineSection
              title="Descripción de repuestos"
              count={values.productos_solicitados.length}
              locked={partsLocked}
              onAdd={() => form.addLine('productos_solicitados', blankPartLine())}
              notice={
                labels.length ? (
                  <div className="flex flex-wrap gap-2 border-b border-slate-100 px-4 py-2">
                    {labels.map((label) => (
                      <span key={label} className="rounded-md bg-amber-50 px-2.5 py-1 text-xs font-semibold tracking-wide text-amber-900 ring-1 ring-amber-600/20 ring-inset">
                        {label}
                      </span>
                    ))}
                  </div>
                ) : null
              }
            >
              <PartLinesTable form={form} locked={partsLocked} unidades={unidades} conversiones={conversiones} removing={removing} onRemove={(row) => onRemove('productos_solicitados', row)} />
            </LineSection>
          ) : null}
        </TabPanel>
        <TabPanel unmount={false} className="focus:outline-none">
          <LineSection title="Documentos Adicionales" count={values.documentos.length} locked={readOnly} onAdd={() => form.addLine('documentos', blankDocument())}>
            <DocumentsTable
              rows={values.documentos}
              locked={readOnly}
              removing={removing}
              onRemove={(row) => onRemove('documentos', row)}
              onChange={(key, patch) => form.updateLine('documentos', key, patch)}
              errorOf={(i, f) => form.fieldError(`documentos.${errorIndex('documentos', values.documentos, i)}.${f}`)}
            />
          </LineSection>
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
