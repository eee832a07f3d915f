import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '@shared/money';
import { formatDate } from '@shared/time';
import { fetchOk } from '../../api/client';
import { CloseFooter, DialogFrame } from '../../ui/dialogs/DialogFrame';
import { DialogHeader } from '../../ui/dialogs/DialogHeader';
import { DialogList } from '../../ui/dialogs/DialogList';
import { useRecordActions } from '../../ui/resource/useRecordActions';
import { moduleRights } from '../../session/me';
import { useMe } from '../../session/useMe';
import { PmPlanDialog } from './PmPlanDialog';
import { pmPlanes } from './pm.resource';
import { UNIDAD_CORTA } from './pmUnits';
import type { PmEquipoTarget, PmPlanItem, PmPlansReply } from './pmTypes';

type Props = { equipo: PmEquipoTarget | null; onClose(): void };

const LINK =
  'rounded px-1.5 py-1 text-sm font-medium text-teal-700 hover:bg-teal-50 hover:text-teal-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:text-slate-400';

const amount = (x: number | null, unidad: PmPlanItem['unidad']) => (x === null || !unidad ? '—' : `${formatNumber(x, unidad === 'dias' ? 0 : 1)} ${UNIDAD_CORTA[unidad]}`);

/** The interval a plan counts with: its own, else (plan 0) the subgroup's. */
function interval(p: PmPlanItem, sub: PmPlansReply['subgrupo']): string {
  if (p.unidad && p.intervalo !== null) return amount(p.intervalo, p.unidad);
  return sub.unidad && sub.intervalo !== null ? `${amount(sub.intervalo, sub.unidad)} (del subgrupo)` : 'Sin intervalo en el subgrupo';
}

/** A machine's preventive-maintenance plans (issue 20), from the board's row menu or the equipment
 * list: the one inherited from its subgroup (plan 0: its interval may be overridden, switched
 * off, or the override removed to inherit again) and its own (e.g. 250 h service, 2,000 h
 * overhaul), each with its interval, standard interventions and parts, and last service. Editing
 * needs the /mantenimiento_preventivo edit right; without it the plans are shown only. */
export function PmPlansDialog({ equipo, onClose }: Props) {
  const id = equipo?.id ?? 0;
  const canEdit = moduleRights(useMe().data, '/mantenimiento_preventivo').edit;
  const [editing, setEditing] = useState<PmPlanItem | 'nuevo' | null>(null);
  const { run } = useRecordActions(pmPlanes);
  const reply = useQuery({
    queryKey: ['pm-planes', id],
    queryFn: () => fetchOk<PmPlansReply>('GET', '/mantenimiento_preventivo/planes', { id_equipo: id }),
    enabled: id > 0,
  });
  const data = reply.data;

  const save = (p: PmPlanItem, change: Record<string, unknown>) =>
    run({
      call: {
        path: '/mantenimiento_preventivo/planes/create',
        body: {
          id_equipo: id, id_plan: p.id_plan, nombre: p.nombre, unidad: p.unidad, intervalo: p.intervalo, intervenciones: p.intervenciones,
          productos: p.productos.map((x) => ({ codigo: x.codigo, cantidad: x.cantidad })), activo: p.activo ? 1 : 0, version: data?.version, ...change,
        },
      },
    });
  const remove = (p: PmPlanItem) =>
    run({
      call: { path: '/mantenimiento_preventivo/planes/remove', body: { id_equipo: id, id_plan: p.id_plan } },
      confirm:
        p.id_plan === 0
          ? { title: 'Volver al plan del subgrupo', message: 'Se quitarán el intervalo, las intervenciones y los repuestos propios del plan heredado.', confirmLabel: 'Volver al del subgrupo' }
          : { message: `Se eliminará el plan «${p.nombre}». ¿Estás seguro?`, confirmLabel: 'Eliminar' },
    });

  return (
    <DialogFrame open={equipo !== null} onClose={() => editing === null && onClose()} size="xl">
      <DialogHeader title="Planes de mantenimiento preventivo" subtitle={equipo ? [equipo.codigo, equipo.descripcion].filter(Boolean).join(' - ') : ''} onClose={onClose} />
      <DialogList query={reply} create={canEdit ? { label: 'Nuevo plan', onClick: () => setEditing('nuevo'), disabled: !data } : undefined}>
        {(plans) => (
          <ul className="space-y-3" aria-label="Planes del equipo">
            {plans.items.map((p) => {
              const name = p.id_plan === 0 ? p.nombre || `Preventivo del subgrupo${plans.subgrupo.nombre ? ` ${plans.subgrupo.nombre}` : ''}` : p.nombre;
              const unidad = p.unidad ?? plans.subgrupo.unidad;
              // Plan 0 with anything of its own: removing the override inherits again.
              const override = p.unidad !== null || p.intervalo !== null || p.nombre !== '' || p.intervenciones.length > 0 || p.productos.length > 0 || !p.activo;
              return (
                <li key={p.id_plan} className="rounded-md border border-slate-200 p-3" aria-label={name}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="text-sm font-semibold text-slate-900">
                        {name}
                        {p.id_plan === 0 ? <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{override ? 'Heredado, modificado' : 'Heredado'}</span> : null}
                        {p.activo ? null : <span className="ms-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-normal text-amber-800">Inactivo</span>}
                      </h3>
                      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                        <div>
                          <dt className="text-xs text-slate-500">Intervalo</dt>
                          <dd className="tabular-nums text-slate-800">{interval(p, plans.subgrupo)}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-slate-500">Último servicio</dt>
                          <dd className="tabular-nums text-slate-800">
                            {unidad === 'dias' ? '' : amount(p.ultimo_valor, unidad)}
                            {p.ultima_fecha ? ` ${formatDate(p.ultima_fecha)}` : unidad === 'dias' ? '—' : ''}
                          </dd>
                        </div>
                        <div>
                          <dt className="text-xs text-slate-500">Intervenciones</dt>
                          <dd className="text-slate-800">{p.intervenciones.length}</dd>
                        </div>
                        <div>
                          <dt className="text-xs text-slate-500">Repuestos</dt>
                          <dd className="text-slate-800">{p.productos.length}</dd>
                        </div>
                      </dl>
                      {p.productos.length ? (
                        <p className="mt-1 text-xs text-slate-600">
                          {p.productos.map((x) => `${x.material ?? x.codigo} × ${formatNumber(x.cantidad, x.cantidad % 1 ? 2 : 0)}`).join(' · ')}
                        </p>
                      ) : null}
                    </div>
                    {canEdit ? (
                      <div className="flex flex-wrap gap-1">
                        <button type="button" className={LINK} onClick={() => setEditing(p)} aria-label={`Editar ${name}`}>
                          Editar
                        </button>
                        <button type="button" className={LINK} onClick={() => void save(p, { activo: p.activo ? 0 : 1 })} aria-label={`${p.activo ? 'Desactivar' : 'Activar'} ${name}`}>
                          {p.activo ? 'Desactivar' : 'Activar'}
                        </button>
                        {p.id_plan !== 0 || override ? (
                          p.id_plan === 0 ? (
                            <button type="button" className={LINK} onClick={() => void remove(p)}>
                              Volver al del subgrupo
                            </button>
                          ) : (
                            <button type="button" className={`${LINK} text-rose-700 hover:bg-rose-50 hover:text-rose-900`} onClick={() => void remove(p)} aria-label={`Eliminar ${name}`}>
                              Eliminar
                            </button>
                          )
                        ) : null}
                      </div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </DialogList>
      <CloseFooter onClose={onClose} />
      {equipo && data ? <PmPlanDialog idEquipo={equipo.id} plan={editing} subgrupo={data.subgrupo} onClose={() => setEditing(null)} /> : null}
    </DialogFrame>
  );
}
