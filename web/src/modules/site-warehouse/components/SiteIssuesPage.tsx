import { useState } from 'react';
import { formatNumber } from '@shared/money';
import { MSG_FILTER_FIRST, MSG_VALE_REQUIRED, MSG_VALIDATION } from '@shared/messages';
import { fieldErrors } from '../../../api/envelope';
import { TextField } from '../../../ui/dialogs/TextField';
import { SwitchField } from '../../../ui/form/SwitchField';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { useWrite } from '../../../ui/resource/useWrite';
import { useToast } from '../../../ui/toast/useToast';
import { amount, confirmLabel, errorsByRow, issueBody, needsFilter } from '../internal/movements';
import type { SiteIssueRow } from '../movementTypes';
import { siteIssues } from '../siteMovements.resource';
import { LineStateChip } from './Chips';
import { IssueDetail } from './IssueDetail';
import { MovementPanel } from './MovementPanel';
import { SiteLineFilters } from './SiteLineFilters';
import { useMovementPick } from './useMovementPick';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const num = (text: string) => <span className="tabular-nums">{formatNumber(amount(text))}</span>;
const capOf = (row: SiteIssueRow) => amount(row.cantidad_disponible);

const columns: DataTableColumn<SiteIssueRow>[] = [
  { key: 'codigo_orden_trabajo', label: 'OT', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.codigo_orden_trabajo}</span> },
  { key: 'codigo_solicitud_compra', label: 'Solicitud', sortable: true, hideBelow: '2xl', render: (r) => dash(r.codigo_solicitud_compra) },
  { key: 'codigo_material', label: 'Código', sortable: true, render: (r) => dash(r.codigo_material) },
  { key: 'descripcion', label: 'Descripción', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.descripcion}>{dash(r.descripcion)}</span> },
  { key: 'nombre_unidad', label: 'Unidad', hideBelow: '2xl', render: (r) => dash(r.nombre_unidad) },
  { key: 'cantidad_solicitada_por_tecnico', label: 'Solicitado', align: 'right', render: (r) => num(r.cantidad_solicitada_por_tecnico) },
  { key: 'cantidad_total_salida', label: 'Entregado', align: 'right', render: (r) => num(r.cantidad_total_salida) },
  { key: 'cantidad_disponible', label: 'Disponible', align: 'right', render: (r) => num(r.cantidad_disponible) },
  { key: 'objeto_estado', label: 'Estado', render: (r) => <LineStateChip nombre={r.objeto_estado} /> },
];

/** /almacen_obra_salidas (seed 002 §2 "Site warehouse", §5, §7): the part lines of attended work
 * orders on the user's sites, listed once a filter is set ('FILTRE PARA BUSCAR' before). With the
 * edit right the storekeeper selects lines, types each quantity to issue (at most what is
 * available), the exit voucher, and confirms one issue; each line opens its issue history and the
 * stock it takes from another request. */
export function SiteIssuesPage({ search }: { search: SearchOf<typeof siteIssues> }) {
  const list = useResourceList(siteIssues, search);
  const { show } = useToast();
  const { write, pending } = useWrite(siteIssues.invalidates);
  const [vale, setVale] = useState('');
  const [valeError, setValeError] = useState('');
  const canEdit = list.rights.edit;
  const pick = useMovementPick(list.query.data?.items ?? [], capOf);
  const { chosen, fail, clear } = pick;

  async function confirm() {
    if (!chosen.length || pending) return;
    if (!vale.trim()) {
      setValeError(MSG_VALE_REQUIRED);
      return fail(MSG_VALIDATION);
    }
    const body = issueBody(vale, chosen);
    const reply = await write({ path: '/almacen_obra_salidas/create', body });
    if (!reply.envelope.ok) {
      const { rows: byRow, fields } = errorsByRow(fieldErrors(reply.envelope.errors), 'salidas', body.salidas.map((s) => s.id_producto_solicitado));
      pick.setRowErrors(byRow);
      setValeError(fields.vale_salida ?? '');
      return fail(reply.envelope.msg || MSG_VALIDATION);
    }
    clear();
    setVale('');
    setValeError('');
    show(reply.envelope.msg, 'success');
  }

  return (
    <ListPage
      list={list}
      title="Salidas del almacén de obra"
      searchPlaceholder="Buscar OT, código o descripción"
      filters={
        <>
          <SiteLineFilters list={list} material />
          <div className="flex min-h-11 items-center sm:min-h-9">
            <SwitchField label="Todos" value={search.todos ?? 0} onChange={(on) => list.setSearch({ todos: on ? 1 : undefined })} />
          </div>
        </>
      }
      columns={columns}
      empty={needsFilter(search) ? <strong className="font-semibold tracking-wide text-slate-600">{MSG_FILTER_FIRST}</strong> : NO_DATA}
      selectable={canEdit ? { selected: pick.selected, onChange: pick.select } : undefined}
      expand={(row) => <IssueDetail row={row} />}
      card={{ title: 'codigo_material', subtitle: 'descripcion', chip: 'objeto_estado', fields: ['codigo_orden_trabajo', 'cantidad_disponible'] }}
    >
      {canEdit ? (
        <MovementPanel<SiteIssueRow>
          title="Salida de repuestos"
          pick={pick}
          quantityLabel="Cantidad a salir"
          nameOf={(r) => `${r.codigo_orden_trabajo} · ${r.codigo_material || '—'} ${r.descripcion}`.trim()}
          capLabel="Disponible"
          capOf={capOf}
          fields={
            <TextField
              label="VALE SALIDA"
              required
              value={vale}
              maxLength={50}
              autoComplete="off"
              onChange={(text) => {
                setVale(text);
                setValeError('');
              }}
              error={valeError}
              className="[&_input]:h-11 sm:[&_input]:h-9"
            />
          }
          confirmLabel={confirmLabel(chosen.length, 'salida', 'salidas')}
          pending={pending}
          onConfirm={() => void confirm()}
          hint="Seleccione las filas a entregar y escriba la cantidad de cada una."
        />
      ) : null}
    </ListPage>
  );
}
