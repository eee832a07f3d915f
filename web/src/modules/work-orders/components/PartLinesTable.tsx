import { PRODUCT_STATE_NAMES, type ProductStateCode } from '@shared/purchase-request-codes';
import { Select } from '../../../ui/select/Select';
import { SelectAjax } from '../../../ui/select/SelectAjax';
import { CellInput } from '../../../ui/form/CellInput';
import { inputColumn, LineTable, type LineColumn } from './LineTable';
import { unitChoices } from '../internal/unitChoices';
import { unitForMaterial } from '../internal/formDefaults';
import type { WorkOrderForm } from '../hooks/useWorkOrderForm';
import type { UnitOption } from '../workOrderTypes';
import type { PartLineValues } from '../internal/workOrderValues';

type Props = {
  form: WorkOrderForm;
  locked: boolean;
  unidades: UnitOption[];
  conversiones: unknown;
  removing: string | null;
  onRemove(row: PartLineValues): void;
};

function StateChip({ row }: { row: PartLineValues }) {
  if (row.id === 0) return <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Nuevo</span>;
  // Seed 002's product codes: 9 en almacén obra and 11 salida de almacén are served by the site.
  const attended = row.estado === 9 || row.estado === 11;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${attended ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' : 'bg-amber-50 text-amber-800 ring-amber-600/20'}`}
    >
      {row.estado_nombre || PRODUCT_STATE_NAMES[row.estado as ProductStateCode] || 'Borrador'}
    </span>
  );
}

/** Descripcion de Repuestos (seed 001 §3, §5): grupo funcional, elemento (required), the material
 * (search from 4 characters; it sets the code and the material type) or 'Solicitar material nuevo'
 * (then the description is required and the material hidden), the unit among the material type's
 * units, the quantity and the warehouse's state. */
export function PartLinesTable({ unidades, conversiones, ...props }: Props) {
  const columns: LineColumn<PartLineValues>[] = [
    {
      label: 'Material',
      required: true,
      cell: ({ row: p, n, locked, update, err }) => (
        <div className="w-56">
          {p.solicitud_material === 1 ? null : (
            <div className="[&_label]:sr-only">
              <SelectAjax<number>
                label={`Material (fila ${n})`}
                endpoint="/fil_datas/materiales"
                minLength={4}
                value={p.id_material}
                onChange={(v, item) => {
                  const tipo = v ? Number(item?.raw?.id_material_tipo) || null : null;
                  update({
                    id_material: v,
                    codigo_material: v ? String(item?.raw?.codigo ?? '') : '',
                    id_material_tipo: tipo,
                    // The material's unit when it has one; a unit outside its type is cleared (seed 001 §5).
                    id_unidad: v ? unitForMaterial(p.id_unidad, unidades, conversiones, tipo) : p.id_unidad,
                    descripcion: p.descripcion || String(item?.raw?.nombre ?? ''),
                  });
                }}
                placeholder="Código o nombre (4 caracteres)…"
                disabled={locked}
                error={err('id_material')}
              />
            </div>
          )}
          <label className="mt-1.5 flex items-center gap-2 text-xs text-slate-700">
            <input
              type="checkbox"
              checked={p.solicitud_material === 1}
              disabled={locked}
              onChange={(e) => update(e.target.checked ? { solicitud_material: 1, id_material: null, codigo_material: '', id_material_tipo: null } : { solicitud_material: 0 })}
              className="size-4 rounded border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600"
            />
            Solicitar material nuevo
          </label>
        </div>
      ),
    },
    {
      label: 'Descripción',
      cellClass: 'min-w-40',
      cell: ({ row: p, n, locked, update, err }) => (
        <CellInput
          label={`Descripción (fila ${n})`}
          value={p.descripcion}
          maxLength={500}
          required={p.solicitud_material === 1}
          placeholder={p.solicitud_material === 1 ? 'Describa el material nuevo' : ''}
          disabled={locked}
          onChange={(v) => update({ descripcion: v })}
          error={err('descripcion')}
        />
      ),
    },
    {
      label: 'Unidad',
      required: true,
      width: 'w-28',
      cellClass: '[&_label]:sr-only',
      cell: ({ row: p, n, locked, update, err }) => (
        <Select<number>
          label={`Unidad (fila ${n})`}
          items={unitChoices(unidades, conversiones, p.solicitud_material === 1 ? null : p.id_material_tipo)}
          value={p.id_unidad}
          onChange={(v) => update({ id_unidad: v })}
          placeholder="Unidad"
          disabled={locked}
          error={err('id_unidad')}
        />
      ),
    },
    inputColumn('cantidad', 'Cantidad', { required: true, width: 'w-24', errorField: 'cantidad_solicitada_por_tecnico', input: { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } }),
    { label: 'Estado', width: 'w-24', cellClass: 'py-3', cell: ({ row }) => <StateChip row={row} /> },
  ];
  return <LineTable {...props} tabla="productos_solicitados" columns={columns} minWidth="min-w-[60rem]" />;
}
