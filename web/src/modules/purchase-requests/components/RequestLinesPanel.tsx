import { useRef } from 'react';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { AddRowButton } from '../../../ui/form/AddRowButton';
import { CONFIRM_REMOVE_PRODUCT } from '../internal/requestMessages';
import { blankLine, withoutLineErrors, type ProductLine, type RequestForm } from '../internal/requestValues';
import { Panel } from './PageHead';
import { ProductLinesTable } from './ProductLinesTable';

type Props = {
  form: Pick<RequestForm, 'values' | 'set' | 'errors' | 'setErrors' | 'fieldError'>;
  /** A service's lines are 'Servicios'. */
  service: boolean;
  /** No row added, changed or removed (read only, or the products of its work order). */
  locked: boolean;
  /** A save under way: the rows wait. */
  busy: boolean;
};

/** 'Productos' (or 'Servicios'): the request's lines (ProductLinesTable), 'Agregar fila' and the
 * table's own error on top. A change clears the errors of its row, a removal (asked first) those of
 * every row, since the server's keys count rows by their place. */
export function RequestLinesPanel({ form, service, locked, busy }: Props) {
  const { confirm } = useConfirm();
  const lines = form.values.productos_solicitados;
  const title = service ? 'Servicios' : 'Productos';
  // A line change may land after an await (a material's units): it applies to the rows as they are then.
  const latest = useRef(lines);
  latest.current = lines;

  function setLines(next: ProductLine[], clearIndex?: number) {
    form.set('productos_solicitados', next);
    const { productos_solicitados: _table, ...rest } = form.errors;
    const errors = withoutLineErrors(rest, clearIndex);
    if (Object.keys(errors).length !== Object.keys(form.errors).length) form.setErrors(errors);
  }
  const updateLine = (index: number, change: Partial<ProductLine>) => setLines(latest.current.map((l, i) => (i === index ? { ...l, ...change } : l)), index);
  async function removeLine(index: number) {
    if (!(await confirm({ title: 'Eliminar producto', message: CONFIRM_REMOVE_PRODUCT, confirmLabel: 'Eliminar' }))) return;
    setLines(
      lines.filter((_, i) => i !== index),
      undefined,
    );
  }

  return (
    <Panel title={title} flush actions={!locked ? <AddRowButton label={`Agregar fila en ${title}`} onClick={() => setLines([...lines, blankLine()])} /> : null}>
      {form.fieldError('productos_solicitados') ? (
        <p role="alert" className="border-b border-slate-100 px-4 py-2 text-sm text-red-700">
          {form.fieldError('productos_solicitados')}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">Sin items...</p>
      ) : (
        <ProductLinesTable
          lines={lines}
          locked={locked || busy}
          service={service}
          update={updateLine}
          remove={(i) => void removeLine(i)}
          error={(i, field) => form.fieldError(`productos_solicitados.${i}.${field}`)}
        />
      )}
    </Panel>
  );
}
