import { formatDuration } from '@shared/work-order-derive';
import { formatNumber } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { Panel } from '../../purchase-requests/components/PageHead';
import type { SiteOrderItem } from '../siteWarehouseTypes';
import { InfoItem } from '../../../ui/detail/InfoItem';

type WorkLine = SiteOrderItem['diagnosticos'][number];

const reading = (value: number | null) => (value === null ? '' : formatNumber(value, 2));
const date = (value: string | null) => (value ? formatDateTime(value) : '');

function Person({ name, signed }: { name: string | null; signed: 0 | 1 }) {
  if (!name) return null;
  return (
    <>
      {name}
      <span className={`ms-1.5 text-xs font-normal ${signed === 1 ? 'text-emerald-700' : 'text-slate-500'}`}>({signed === 1 ? 'firmó' : 'sin firma'})</span>
    </>
  );
}

function WorkTable({ title, rows }: { title: string; rows: WorkLine[] }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">Sin registros.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm" aria-label={title}>
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1 pe-3 font-medium">Grupo funcional</th>
                <th className="py-1 pe-3 font-medium">Elemento</th>
                <th className="py-1 pe-3 font-medium">Descripción</th>
                <th className="py-1 pe-3 font-medium">Tiempo</th>
                <th className="py-1 font-medium">Observación</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="py-1 pe-3">{r.grupo_funcional || '—'}</td>
                  <td className="py-1 pe-3">{r.elemento || '—'}</td>
                  <td className="py-1 pe-3">{r.descripcion || '—'}</td>
                  <td className="py-1 pe-3 tabular-nums">{formatDuration({ horas: r.horas, minutos: r.minutos })}</td>
                  <td className="py-1">{r.observacion || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Seed 002 §3 "Work order as seen by the warehouses", read-only on the Pedido: the stop and the
 * restart with the times, the hour-meter and mileage readings, the third party, the equipment's
 * plate and serial, the people (with their signatures), the diagnoses and the interventions. The
 * supervisor edits them on the work order itself. */
export function WorkOrderReadOnly({ item }: { item: SiteOrderItem }) {
  return (
    <Panel title="Datos de la OT (solo lectura)">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-6">
        <InfoItem label="Parada">{date(item.fecha_parada)}</InfoItem>
        <InfoItem label="Puesta en marcha">{date(item.fecha_puesta_marcha)}</InfoItem>
        <InfoItem label="Tiempo de parada">{formatDuration(item.tiempo_parada)}</InfoItem>
        <InfoItem label="Apertura">{date(item.fecha_apertura_ot)}</InfoItem>
        <InfoItem label="Cierre">{date(item.fecha_cierre_ot)}</InfoItem>
        <InfoItem label="Tiempo de ejecución">{formatDuration(item.tiempo_ejecucion)}</InfoItem>
        <InfoItem label="Horómetro parada">{reading(item.horometro_parada)}</InfoItem>
        <InfoItem label="Horómetro puesta en marcha">{reading(item.horometro_puesta_marcha)}</InfoItem>
        <InfoItem label="Horómetro tiempo de parada">{reading(item.horometro_tiempo_parada)}</InfoItem>
        <InfoItem label="Horómetro apertura">{reading(item.horometro_apertura_ot)}</InfoItem>
        <InfoItem label="Horómetro cierre">{reading(item.horometro_cierre_ot)}</InfoItem>
        <InfoItem label="Horómetro tiempo de ejecución">{reading(item.horometro_tiempo_ejecucion)}</InfoItem>
        <InfoItem label="Kilometraje">{reading(item.kilometraje)}</InfoItem>
        <InfoItem label="Tercero">{[item.tercero_ruc, item.tercero_razon_social].filter(Boolean).join(' · ')}</InfoItem>
        <InfoItem label="Placa">{item.placa_equipo}</InfoItem>
        <InfoItem label="Serie">{item.serie_equipo}</InfoItem>
        <InfoItem label="Operador">
          <Person name={item.operador} signed={item.firma_operador} />
        </InfoItem>
        <InfoItem label="Mecánico">
          <Person name={item.mecanico} signed={item.firma_mecanico} />
        </InfoItem>
        <InfoItem label="Supervisor">
          <Person name={item.supervisor} signed={item.firma_supervisor} />
        </InfoItem>
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <WorkTable title="Diagnósticos" rows={item.diagnosticos} />
        <WorkTable title="Intervenciones" rows={item.intervenciones} />
      </div>
    </Panel>
  );
}
