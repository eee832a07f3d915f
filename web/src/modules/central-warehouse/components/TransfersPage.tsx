import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@shared/time';
import { formatNumber } from '@shared/money';
import { fieldErrors } from '../../../api/envelope';
import { PRIMARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { CellInput } from '../../../ui/form/CellInput';
import { quantityInput } from '../../../ui/form/quantity';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { useWrite } from '../../../ui/resource/useWrite';
import { useToast } from '../../../ui/toast/useToast';
import { transferGroups } from '../centralWarehouse.resource';
import type { TransferGroupRow, TransferProduct } from '../centralWarehouseTypes';
import { NO_DATA } from '../../../ui/list/emptyTexts';
import { roundQty } from '@shared/quantity';
import { read, postCall } from '../../../api/typed';

const quantity = (n: number) => <span className="tabular-nums whitespace-nowrap">{formatNumber(n)}</span>;
const amount = (text: string | undefined) => (Number.isFinite(Number(text)) ? Number(text ?? 0) : 0);
const keyOf = (r: TransferGroupRow) => `${r.numero_orden_compra}|${r.codigo_recurso}`;

const columns: DataTableColumn<TransferGroupRow>[] = [
  { key: 'codigo_recurso', label: 'Código', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.codigo_recurso}</span> },
  { key: 'descripcion_recurso', label: 'Descripción', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.descripcion_recurso}>{dash(r.descripcion_recurso)}</span> },
  { key: 'numero_orden_compra', label: 'Orden de compra', sortable: true },
  { key: 'cantidad_entrada', label: 'Entrada', sortable: true, align: 'right', render: (r) => quantity(r.cantidad_entrada) },
  { key: 'cantidad_salida', label: 'Salida', sortable: true, align: 'right', render: (r) => quantity(r.cantidad_salida) },
  { key: 'cantidad_disponible', label: 'Disponible', sortable: true, align: 'right', render: (r) => quantity(r.cantidad_disponible) },
  { key: 'fecha_ingreso', label: 'Último ingreso', sortable: true, hideBelow: '2xl', render: (r) => <span className="tabular-nums whitespace-nowrap">{r.fecha_ingreso ? formatDateTime(r.fecha_ingreso) : '—'}</span> },
];

/** What a row may still take: what its product needs, and the group's available less the other rows. */
export function rowCap(product: TransferProduct, available: number, typed: Map<number, string>): number {
  const others = [...typed].filter(([id]) => id !== product.id).reduce((sum, [, text]) => sum + amount(text), 0);
  return Math.max(0, roundQty(Math.min(product.cantidad_solicitada - product.cantidad_trasladada, available - others)));
}

/** A group's products and the distribution table: each row's 'Cantidad a salir', the waybill and the confirm. */
function TransferGroup({ row, canEdit }: { row: TransferGroupRow; canEdit: boolean }) {
  const query = useQuery({
    queryKey: [...transferGroups.keys.all, 'products', keyOf(row)],
    queryFn: async () => (await read('/almacen_central_traslado_materiales/obtenerProductosSolicitados', {
      codigo_recurso: row.codigo_recurso, numero_orden_compra: row.numero_orden_compra,
    })).items,
  });
  const { write, pending } = useWrite(transferGroups.invalidates);
  const { show } = useToast();
  const [typed, setTyped] = useState(() => new Map<number, string>());
  const [guia, setGuia] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const products = query.data ?? [];
  const rows = products.filter((p) => amount(typed.get(p.id)) > 0);

  async function confirm() {
    if (!rows.length || pending) return;
    const salidas = rows.map((p) => ({ id_producto_solicitado: p.id, cantidad_a_salir: amount(typed.get(p.id)), numero_orden_compra: row.numero_orden_compra }));
    const reply = await write(postCall('/almacen_central_traslado_materiales/create', { numero_guia: guia, salidas }));
    if (!reply.envelope.ok) {
      const byField = fieldErrors(reply.envelope.errors);
      const mapped: Record<string, string> = { _: reply.envelope.msg };
      for (const [k, message] of Object.entries(byField)) {
        const m = /^salidas\.(\d+)\./.exec(k);
        mapped[m ? String(salidas[Number(m[1])]?.id_producto_solicitado) : k] = message;
      }
      setErrors(mapped);
      return;
    }
    setTyped(new Map());
    setGuia('');
    setErrors({});
    show(reply.envelope.msg, 'success');
  }

  if (query.isPending) return <p className="p-3 text-sm text-slate-500">Cargando productos…</p>;
  if (!products.length) return <p className="p-3 text-sm text-slate-500">No hay productos solicitados para este grupo.</p>;
  return (
    <div className="space-y-3 p-3">
      <table className="min-w-full text-sm" aria-label={`Distribución de ${row.codigo_recurso}, ${row.numero_orden_compra}`}>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="px-2 py-1">Solicitud</th>
            <th className="px-2 py-1">OT</th>
            <th className="px-2 py-1">Obra</th>
            <th className="px-2 py-1 text-right">Solicitado</th>
            <th className="px-2 py-1 text-right">Trasladado</th>
            <th className="px-2 py-1 text-right">Disponible</th>
            {canEdit ? <th className="px-2 py-1">Cantidad a salir</th> : null}
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} className="border-t border-slate-100">
              <td className="px-2 py-1">{p.codigo_solicitud}</td>
              <td className="px-2 py-1">{dash(p.codigo_orden_trabajo)}</td>
              <td className="px-2 py-1">{dash(p.codigo_obra)}</td>
              <td className="px-2 py-1 text-right">{quantity(p.cantidad_solicitada)}</td>
              <td className="px-2 py-1 text-right">{quantity(p.cantidad_trasladada)}</td>
              <td className="px-2 py-1 text-right">{quantity(rowCap(p, row.cantidad_disponible, typed))}</td>
              {canEdit ? (
                <td className="w-36 px-2 py-1">
                  <CellInput
                    label={`Cantidad a salir de ${p.codigo_solicitud}`}
                    inputMode="decimal"
                    value={typed.get(p.id) ?? ''}
                    error={errors[String(p.id)]}
                    onChange={(text) => setTyped((before) => new Map(before).set(p.id, quantityInput(text, rowCap(p, row.cantidad_disponible, before))))}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-3">
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">N° de guía</span>
            <CellInput label="N° de guía" value={guia} onChange={setGuia} error={errors.numero_guia} className="w-48" />
          </label>
          <button type="button" onClick={() => void confirm()} disabled={rows.length === 0 || pending} className={`${PRIMARY_BUTTON} h-11 sm:h-9`}>
            {rows.length > 1 ? `Confirmar ${rows.length} traslados` : 'Confirmar traslado'}
          </button>
          {errors._ ? <p className="text-sm text-red-600" role="alert">{errors.salidas ?? errors._}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** /almacen_central_traslado_materiales (seed 002 §7 "Central warehouse"): the groups of central
 * entries (and the central stock, 'STOCK') with what is left to transfer; a group expands to its
 * requested products, where the storekeeper distributes what leaves and confirms with a waybill. */
export function TransfersPage({ search }: { search: SearchOf<typeof transferGroups> }) {
  const list = useResourceList(transferGroups, search);
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Traslado de materiales"
      searchPlaceholder="Buscar código, descripción u orden"
      columns={columns}
      card={{ title: 'codigo_recurso', subtitle: 'descripcion_recurso', fields: ['numero_orden_compra', 'cantidad_disponible'] }}
      expand={(row) => <TransferGroup row={row} canEdit={list.rights.edit} />}
    />
  );
}
