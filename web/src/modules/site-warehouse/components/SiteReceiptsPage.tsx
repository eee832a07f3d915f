import { useNavigate } from '@tanstack/react-router';
import { formatNumber } from '@shared/money';
import { MSG_VALIDATION } from '@shared/messages';
import { fieldErrors } from '../../../api/envelope';
import { moduleRights, useMe } from '../../../session/useMe';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { useWrite } from '../../../ui/resource/useWrite';
import { useToast } from '../../../ui/toast/useToast';
import { amount, confirmLabel, errorsByRow, receiptBody } from '../internal/movements';
import type { SiteReceiptRow } from '../movementTypes';
import { siteReceipts } from '../siteMovements.resource';
import { MovementPanel } from './MovementPanel';
import { SiteLineFilters } from './SiteLineFilters';
import { useMovementPick } from './useMovementPick';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const num = (text: string) => <span className="tabular-nums">{formatNumber(amount(text))}</span>;
const capOf = (row: SiteReceiptRow) => amount(row.cantidad_entrante);

const columns: DataTableColumn<SiteReceiptRow>[] = [
  { key: 'codigo_material', label: 'Código', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{dash(r.codigo_material)}</span> },
  { key: 'nombre_material', label: 'Material', sortable: true, render: (r) => <span className="block max-w-64 truncate" title={r.nombre_material}>{dash(r.nombre_material)}</span> },
  { key: 'cantidad_enviada', label: 'Enviado', align: 'right', render: (r) => num(r.cantidad_enviada) },
  { key: 'cantidad_entrada', label: 'Recibido', align: 'right', render: (r) => num(r.cantidad_entrada) },
  { key: 'cantidad_entrante', label: 'Por recibir', align: 'right', render: (r) => num(r.cantidad_entrante) },
  { key: 'codigo_orden_trabajo', label: 'OT', sortable: true, render: (r) => dash(r.codigo_orden_trabajo) },
  { key: 'codigo_solicitud_compra', label: 'Solicitud', sortable: true, render: (r) => r.codigo_solicitud_compra },
  { key: 'numero_orden', label: 'Orden de compra', sortable: true, render: (r) => dash(r.numero_orden) },
];

/** /almacen_obra_entradas (seed 002 §7 "Site warehouse"): what the central warehouse sent to the
 * user's sites and the site has not received in full. With the edit right the storekeeper selects
 * products, types what arrived of each (at most what is still to receive) and confirms one
 * receipt; the received parts can then be issued. A card opens the product's request. */
export function SiteReceiptsPage({ search }: { search: SearchOf<typeof siteReceipts> }) {
  const list = useResourceList(siteReceipts, search);
  const navigate = useNavigate();
  const me = useMe();
  const canOpenRequest = me.data?.is_root || moduleRights(me.data, '/solicitudes_compras').see;
  const { show } = useToast();
  const { write, pending } = useWrite(siteReceipts.invalidates);
  const canEdit = list.rights.edit;
  const pick = useMovementPick(list.query.data?.items ?? [], capOf);
  const { chosen, clear } = pick;

  async function confirm() {
    if (!chosen.length || pending) return;
    const body = receiptBody(chosen);
    const reply = await write({ path: '/almacen_obra_entradas/create', body });
    if (!reply.envelope.ok) {
      pick.setRowErrors(errorsByRow(fieldErrors(reply.envelope.errors), 'entradas', body.entradas.map((e) => e.id_producto_solicitado)).rows);
      return pick.fail(reply.envelope.msg || MSG_VALIDATION);
    }
    clear();
    show(reply.envelope.msg, 'success');
  }

  return (
    <ListPage
      list={list}
      title="Entradas del almacén de obra"
      searchPlaceholder="Buscar código, material, solicitud u orden"
      filters={<SiteLineFilters list={list} />}
      columns={columns}
      empty={NO_DATA}
      selectable={canEdit ? { selected: pick.selected, onChange: pick.select } : undefined}
      card={{ title: 'codigo_material', subtitle: 'nombre_material', fields: ['cantidad_entrante', 'codigo_solicitud_compra'] }}
      onOpen={canOpenRequest ? (row) => void navigate({ to: '/solicitudes_compras/$id/editar', params: { id: String(row.id_solicitud_compra) } }) : undefined}
    >
      {canEdit ? (
        <MovementPanel<SiteReceiptRow>
          title="Entrada en obra"
          pick={pick}
          quantityLabel="Cantidad entrante"
          nameOf={(r) => `${r.codigo_material || '—'} ${r.nombre_material} · ${r.codigo_solicitud_compra}`.trim()}
          capLabel="Por recibir"
          capOf={capOf}
          confirmLabel={confirmLabel(chosen.length, 'entrada', 'entradas')}
          pending={pending}
          onConfirm={() => void confirm()}
          hint="Seleccione los productos que llegaron a la obra y escriba la cantidad de cada uno."
        />
      ) : null}
    </ListPage>
  );
}
