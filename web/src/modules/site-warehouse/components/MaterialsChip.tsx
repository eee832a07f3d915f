import { materialsStateLabel } from '../internal/siteValues';
import type { MaterialsState } from '../siteWarehouseTypes';

const BASE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';
const TONE = {
  pendiente: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  enviado: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  fallido: 'bg-rose-50 text-rose-800 ring-rose-600/20',
  creados: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
} as const;

type Props = {
  order: { tiene_productos_en_solicitud_material: number; creacion_materiales_atendidos: number; materiales_estado: MaterialsState; materiales_motivo?: string | null };
  /** A list's column: a long reason wraps instead of widening the table. */
  wrap?: boolean;
};

/** The order's material-creation request (seed 002 §4): 'Pendiente de envío', 'Enviada a SICAM',
 * 'Falló: {motivo}' or 'Materiales creados'; 'No' when it asks for no new material. */
export function MaterialsChip({ order, wrap = false }: Props) {
  const label = materialsStateLabel(order);
  if (label === null) return <span className="text-sm text-slate-500">No</span>;
  const tone = Number(order.creacion_materiales_atendidos) === 1 ? TONE.creados : order.materiales_estado === 'fallido' ? TONE.fallido : order.materiales_estado === 'enviado' ? TONE.enviado : TONE.pendiente;
  return <span className={`${BASE} ${wrap ? 'max-w-48 leading-tight whitespace-normal' : 'whitespace-nowrap'} ${tone}`}>{label}</span>;
}
