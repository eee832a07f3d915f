import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatNumber } from '@shared/money';
import { formatDate, formatDateTime } from '@shared/time';
import { RetryLine } from '../../../ui/dialogs/LoadState';
import { SubTable } from '../../../ui/list/SubTable';
import type { ActionStep } from '../../../ui/resource/useRecordActions';
import { useScrollerWidth } from '../../equipment/useScrollerWidth';
import { priceText } from '../internal/price';
import { CONFIRM_IRREVERSIBLE, CONFIRM_OPERATION, KIND_LABELS } from '../internal/requestMessages';
import { COST_CENTRE_TYPES, choiceLabel } from '../internal/requestOptions';
import { purchaseRequests } from '../purchaseRequests.resource';
import type { RequestFormReply, RequestItem, RequestProduct, RequestRow } from '../requestTypes';
import { ProductStateChip } from './Chips';
import { InfoItem } from '../../../ui/detail/InfoItem';
import { read, postCall } from '../../../api/typed';

/** A catalogue row as 'code - name' (either part alone when the other is empty). */
const named = (codigo: string | null | undefined, nombre: string | null | undefined) => [codigo, nombre].filter(Boolean).join(' - ');

const quantity = (n: number | null | undefined) => <span className="tabular-nums">{formatNumber(n ?? 0)}</span>;

/** The request's own read (the form call), under the resource's keys: a live push or an action
 * on the list refreshes the open details too. */
export const requestDetailQuery = (id: number) => ({
  queryKey: [...purchaseRequests.keys.all, 'detail', id],
  queryFn: () => read('/solicitudes_compras/form', { id }),
});

type Props = {
  row: RequestRow;
  /** The list's row actions (confirm, call, toast, refresh): 'Anular material'. */
  run(step: ActionStep): Promise<boolean>;
  /** The user may act on the request's products (the module's edit right). */
  canEdit: boolean;
};

/** The expanded row of /solicitudes_compras (seed 002 §2): resource, kinds, classification,
 * cost centre (the request catalogues by name), maintenance type (its OT's), work-site front, work to do, requester and date, then the products with the central warehouse's
 * share, what is left to buy, their state, purchase order and price, and 'Anular material' where
 * the server allows it (`puede_anular`); a protected (finished) request offers no action. */
export function RequestDetail({ row, run, canEdit }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const width = useScrollerWidth(box);
  const detail = useQuery(requestDetailQuery(row.id));
  const products = useQuery({ ...requestDetailQuery(row.id), select: (r: RequestFormReply) => (r.item as RequestItem).productos_solicitados ?? [] });
  const item = detail.data?.item as RequestItem | undefined;
  const actions = canEdit && row.protected !== 1;

  function annul(p: RequestProduct) {
    void run({
      call: postCall('/solicitudes_compras/anular_sicoe_material', { id_gestion_ot: p.id }),
      confirm: { title: CONFIRM_OPERATION, message: `${CONFIRM_IRREVERSIBLE} Se anulará ${p.codigo || p.descripcion} de la solicitud ${row.codigo}.`, confirmLabel: 'Anular material' },
    });
  }

  return (
    <div ref={box} className="sticky start-4 space-y-4" style={width ? { width: width - 32 } : undefined}>
      {detail.isError ? (
        <RetryLine message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : !item ? (
        <p className="text-sm text-slate-500">Cargando...</p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 xl:grid-cols-5">
          <InfoItem fit="line" label="Clase">{KIND_LABELS[item.tipo]}</InfoItem>
          <InfoItem fit="line" label="Tipo de solicitud">{item.solicitudes_tipo}</InfoItem>
          <InfoItem fit="line" label="Recurso">{named(item.recurso_codigo, item.recurso_nombre)}</InfoItem>
          <InfoItem fit="line" label="Clasificación">{item.clasificacion_nombre}</InfoItem>
          <InfoItem fit="line" label="Tipo de centro de costo">{item.nombre_centro_costo_tipo ?? choiceLabel(COST_CENTRE_TYPES, item.id_centro_costo_tipo)}</InfoItem>
          {item.id_centro_costo_tipo === 2 ? (
            <InfoItem fit="line" label="Centro de costo indirecto">{[named(item.centro_costo_indirecto_codigo, item.centro_costo_indirecto_nombre), named(item.elemento_codigo, item.elemento_nombre)].filter(Boolean).join(' / ')}</InfoItem>
          ) : (
            <InfoItem fit="line" label="Equipo">{[item.codigo_equipo, item.cc_equipo ? `CC ${item.cc_equipo}` : null].filter(Boolean).join(' · ')}</InfoItem>
          )}
          <InfoItem fit="line" label="Tipo de mantenimiento">{named(item.tipo_mantenimiento, item.nombre_tipo_mantenimiento)}</InfoItem>
          <InfoItem fit="line" label="Frente de obra">{named(item.frente_obra_codigo, item.frente_obra_nombre)}</InfoItem>
          {item.tipo === 2 ? <InfoItem fit="line" label="Centro de costo de terceros">{item.movilizacion_tipo_nombre}</InfoItem> : null}
          {item.tipo === 2 ? <InfoItem fit="line" label="Recurso de terceros">{named(item.id_solicitudes_movilizacion_terceros_ter_recurso, item.ter_recurso_nombre)}</InfoItem> : null}
          <InfoItem fit="line" label="Solicitado por">{[item.nombre_supervisor, item.apellido_supervisor].filter(Boolean).join(' ')}</InfoItem>
          <InfoItem fit="line" label="Fecha de creación">{formatDateTime(item.fecha_creado)}</InfoItem>
          <InfoItem fit="line" label="Fecha de necesidad">{formatDate(item.fecha_requerimiento)}</InfoItem>
          <InfoItem label="Trabajo a realizar" fit="text">
            {item.descripcion_trabajo}
          </InfoItem>
          {item.motivo_observado && item.estado === 8 ? (
            <InfoItem label="Motivo de la observación" fit="text">
              {item.motivo_observado}
            </InfoItem>
          ) : null}
          {item.motivo_rechazo ? (
            <InfoItem label="Motivo del rechazo" fit="text">
              {item.motivo_rechazo}
            </InfoItem>
          ) : null}
        </dl>
      )}
      <SubTable<RequestProduct>
        title="Productos"
        label={`Productos de la solicitud ${row.codigo}`}
        query={products}
        maxHeight="20rem"
        rowKey={(p) => p.id}
        columns={[
          { key: 'n', label: 'N°', render: (p) => <span className="tabular-nums text-slate-500">{(products.data?.indexOf(p) ?? 0) + 1}</span> },
          { key: 'codigo', label: 'Código', render: (p) => <span className="font-medium whitespace-nowrap">{p.codigo || '—'}</span> },
          { key: 'descripcion', label: 'Descripción', render: (p) => <span className="block max-w-72 whitespace-normal">{p.descripcion || '—'}</span> },
          { key: 'udm', label: 'UDM', render: (p) => p.nombre_unidad ?? '—' },
          { key: 'solicitada', label: 'Cantidad solicitada', align: 'right', render: (p) => quantity(p.cantidad_solicitada_por_almacen_obra) },
          { key: 'central', label: 'En almacén central', align: 'right', render: (p) => quantity(p.cantidad_en_almacen_central) },
          { key: 'comprar', label: 'A comprar', align: 'right', render: (p) => quantity(p.cantidad_solicitada_por_almacen_central) },
          { key: 'estado', label: 'Estado', render: (p) => <ProductStateChip estado={p.estado} nombre={p.estado_nombre} /> },
          { key: 'oc', label: 'Orden de compra', render: (p) => p.numero_orden ?? '—' },
          {
            key: 'precio',
            label: 'Precio',
            align: 'right',
            render: (p) => <span className="tabular-nums whitespace-nowrap">{priceText(p.precio, p.moneda)}</span>,
          },
          {
            key: 'acciones',
            label: 'Acciones',
            render: (p) =>
              actions && p.puede_anular === 1 ? (
                <button
                  type="button"
                  onClick={() => annul(p)}
                  className="rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap text-rose-700 ring-1 ring-rose-200 ring-inset hover:bg-rose-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                  aria-label={`Anular material ${p.codigo || p.descripcion}`}
                >
                  Anular material
                </button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
