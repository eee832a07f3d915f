import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { fetchOk } from '../../../api/client';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import { SubTable, type SubColumn } from '../../../ui/list/SubTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { useWrite } from '../../../ui/resource/useWrite';
import { useToast } from '../../../ui/toast/useToast';
import { requestLabel, requestQuestion, transferKey, type TransferKey } from '../internal/transferRequest';
import type { TransferRequestProduct, TransferRequestListRow } from '../transferRequestTypes';
import { transferRequests } from '../transferRequests.resource';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const REQUESTED = [
  { value: '0', label: 'Sin solicitar' },
  { value: '1', label: 'Solicitados' },
];

const CHIP = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
const quantity = (n: number) => <span className="tabular-nums whitespace-nowrap">{formatNumber(n)}</span>;

/** Whether a transfer of the group was requested: 'Solicitado' or 'Sin solicitar'. */
function RequestedChip({ value }: { value: number }) {
  return value === 1 ? (
    <span className={`${CHIP} bg-emerald-50 text-emerald-800 ring-emerald-600/20`}>Solicitado</span>
  ) : (
    <span className={`${CHIP} bg-amber-50 text-amber-800 ring-amber-600/20`}>Sin solicitar</span>
  );
}

const columns: DataTableColumn<TransferRequestListRow>[] = [
  { key: 'numero_orden_compra', label: 'Orden de compra', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.numero_orden_compra}</span> },
  { key: 'codigo_recurso', label: 'Código', sortable: true, render: (r) => <span className="whitespace-nowrap">{r.codigo_recurso}</span> },
  { key: 'descripcion_recurso', label: 'Descripción', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.descripcion_recurso}>{dash(r.descripcion_recurso)}</span> },
  { key: 'cantidad_entrada', label: 'Entrada', sortable: true, align: 'right', render: (r) => quantity(r.cantidad_entrada) },
  { key: 'cantidad_trasladada', label: 'Trasladado', sortable: true, align: 'right', render: (r) => quantity(r.cantidad_trasladada) },
  { key: 'traslado_solicitado', label: 'Traslado', sortable: true, render: (r) => <RequestedChip value={r.traslado_solicitado} /> },
  { key: 'fecha_ingreso', label: 'Último ingreso', sortable: true, hideBelow: '2xl', render: (r) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(r.fecha_ingreso)}</span> },
];

const productColumns: SubColumn<TransferRequestProduct>[] = [
  { key: 'codigo_solicitud', label: 'Solicitud', render: (p) => <span className="whitespace-nowrap">{p.codigo_solicitud}</span> },
  { key: 'codigo_orden_trabajo', label: 'OT', render: (p) => dash(p.codigo_orden_trabajo) },
  { key: 'codigo_obra', label: 'Obra', render: (p) => <span className="whitespace-nowrap">{dash(p.codigo_obra)}</span> },
  { key: 'cantidad_solicitada', label: 'Solicitado', align: 'right', render: (p) => quantity(p.cantidad_solicitada) },
  { key: 'cantidad_entrada', label: 'Ingresado', align: 'right', render: (p) => quantity(p.cantidad_entrada) },
  { key: 'cantidad_trasladada', label: 'Trasladado', align: 'right', render: (p) => quantity(p.cantidad_trasladada) },
  { key: 'estado_nombre', label: 'Estado', render: (p) => <span className="whitespace-nowrap">{dash(p.estado_nombre)}</span> },
];

/** A group's requested products (GET /traslado_materiales/obtenerProductos): those of its purchase
 * order with its code, with what each asked, received centrally and was sent, and its state. */
function GroupProducts({ row }: { row: TransferRequestListRow }) {
  const query = useQuery({
    queryKey: [...transferRequests.keys.all, 'products', transferKey(row)],
    queryFn: async () =>
      (await fetchOk<{ items: TransferRequestProduct[] }>('GET', '/traslado_materiales/obtenerProductos', { numero_orden: row.numero_orden_compra, codigo_recurso: row.codigo_recurso })).items,
  });
  return (
    <div className="max-w-4xl">
      <SubTable title="Productos solicitados" label={`Productos de ${row.codigo_recurso}, ${row.numero_orden_compra}`} query={query} columns={productColumns} rowKey={(p) => p.id} maxHeight="20rem" />
    </div>
  );
}

/** /traslado_materiales (seed 002 §7 "Central warehouse", milestone 14): the processed central
 * entries per purchase order and code, filtered by order number and by whether a transfer was
 * requested. With the edit right the storekeeper selects groups (on any page) and, after a
 * confirmation, requests their transfer to site; the central warehouse then sends them with a
 * waybill (/almacen_central_traslado_materiales). A row opens its requested products. */
export function TransferRequestsPage({ search }: { search: SearchOf<typeof transferRequests> }) {
  const list = useResourceList(transferRequests, search);
  const { write, pending } = useWrite(transferRequests.invalidates);
  const { confirm } = useConfirm();
  const { show } = useToast();
  const [picked, setPicked] = useState(() => new Map<string, TransferKey>());
  const [message, setMessage] = useState('');
  const canEdit = list.rights.edit;
  const rows = list.query.data?.items ?? [];
  const count = picked.size;

  function pick(keys: Set<string | number>) {
    setPicked((before) => {
      const next = new Map<string, TransferKey>();
      for (const key of keys) {
        const kept = before.get(String(key)) ?? rows.find((r) => transferKey(r) === key);
        if (kept) next.set(String(key), { numero_orden_compra: kept.numero_orden_compra, codigo_recurso: kept.codigo_recurso });
      }
      return next;
    });
    setMessage('');
  }

  async function request() {
    if (!count || pending) return;
    const traslados = [...picked.values()];
    if (!(await confirm({ title: 'Solicitar traslado', message: requestQuestion(traslados.length), confirmLabel: 'Solicitar' }))) return;
    const reply = await write({ path: '/traslado_materiales/create', body: { traslados } });
    if (!reply.envelope.ok) {
      const details = Object.values(reply.envelope.errors ?? {}).filter((m): m is string => typeof m === 'string');
      setMessage([reply.envelope.msg, ...new Set(details)].filter(Boolean).join(': '));
      return;
    }
    setPicked(new Map());
    setMessage('');
    show(reply.envelope.msg, 'success');
  }

  return (
    <ListPage
      list={list}
      title="Solicitud de traslado"
      searchPlaceholder="Buscar orden, código o descripción"
      showDates
      filters={
        <>
          <SelectFilter list={list} name="numero_orden_compra" label="N° de orden" endpoint="/fil_datas/numerosOrdenCompra" ajax text placeholder="Todas" className="w-full sm:w-56" />
          <SelectFilter list={list} name="traslado_solicitado" label="Traslado" items={REQUESTED} placeholder="Todos" className="w-full sm:w-48" />
        </>
      }
      columns={columns}
      rowKey={transferKey}
      empty={NO_DATA}
      selectable={canEdit ? { selected: new Set(picked.keys()), onChange: pick } : undefined}
      card={{ title: 'numero_orden_compra', subtitle: 'descripcion_recurso', chip: 'traslado_solicitado', fields: ['codigo_recurso', 'cantidad_entrada'] }}
      expand={(row) => <GroupProducts row={row} />}
    >
      {canEdit ? (
        <section aria-label="Solicitar traslado" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          {message ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {message}
            </p>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" aria-live="polite">
              {count ? `${count} ${count === 1 ? 'grupo seleccionado' : 'grupos seleccionados'}` : 'Seleccione los ingresos cuyo traslado a obra quiere solicitar.'}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              {count ? (
                <button type="button" onClick={() => pick(new Set())} disabled={pending} className={`${SECONDARY_BUTTON} h-11 sm:h-9`}>
                  Quitar selección
                </button>
              ) : null}
              <button type="button" onClick={() => void request()} disabled={count === 0 || pending} className={`${PRIMARY_BUTTON} h-11 gap-2 sm:h-9`}>
                {pending ? <Spinner /> : null}
                {requestLabel(count)}
              </button>
            </div>
          </div>
        </section>
      ) : null}
    </ListPage>
  );
}
