import { Select } from '../../ui/select/Select';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { CellInput } from '../../ui/form/CellInput';
import { ElementCells } from './ElementCells';
import { RemoveRowButton } from './RemoveRowButton';
import { unitChoices } from './unitChoices';
import type { WorkOrderForm } from './useWorkOrderForm';
import type { UnitOption } from './workOrderTypes';
import type { PartLineValues } from './workOrderValues';

const TH = 'px-2 py-2 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase';

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
  const attended = row.estado === 2;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${attended ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' : 'bg-amber-50 text-amber-800 ring-amber-600/20'}`}
    >
      {row.estado_nombre || (attended ? 'Atendido' : 'Pendiente')}
    </span>
  );
}

/** Descripcion de Repuestos (seed 001 §3, §5): grupo funcional, elemento (required), the material
 * (search from 4 characters; it sets the code and the material type) or 'Solicitar material nuevo'
 * (then the description is required and the material hidden), the unit among the material type's
 * units, the quantity and the warehouse's state. */
export function PartLinesTable({ form, locked, unidades, conversiones, removing, onRemove }: Props) {
  const rows = form.values.productos_solicitados;
  const err = (i: number, f: string) => form.fieldError(`productos_solicitados.${i}.${f}`);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[60rem] border-collapse text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${TH} w-10`}>
              #
            </th>
            <th scope="col" className={TH}>
              Grupo / Elemento <span className="text-red-600">*</span>
            </th>
            <th scope="col" className={TH}>
              Material <span className="text-red-600">*</span>
            </th>
            <th scope="col" className={TH}>
              Descripción
            </th>
            <th scope="col" className={`${TH} w-28`}>
              Unidad <span className="text-red-600">*</span>
            </th>
            <th scope="col" className={`${TH} w-24`}>
              Cantidad <span className="text-red-600">*</span>
            </th>
            <th scope="col" className={`${TH} w-24`}>
              Estado
            </th>
            <th scope="col" className={`${TH} w-12`}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p, i) => {
            const n = i + 1;
            const update = (change: Partial<PartLineValues>) => form.updateLine('productos_solicitados', p.key, change);
            const units = unitChoices(unidades, conversiones, p.solicitud_material === 1 ? null : p.id_material_tipo);
            return (
              <tr key={p.key} className="border-t border-slate-100">
                <td className="px-2 py-3 align-top text-slate-500 tabular-nums">{n}</td>
                <ElementCells
                  row={n}
                  idGrupo={p.id_grupo_funcional}
                  idElemento={p.id_grupo_funcional_elemento}
                  onChange={update}
                  disabled={locked}
                  groupError={err(i, 'id_grupo_funcional')}
                  elementError={err(i, 'id_grupo_funcional_elemento')}
                />
                <td className="px-2 py-2 align-top">
                  <div className="w-56">
                    {p.solicitud_material === 1 ? null : (
                      <div className="[&_label]:sr-only">
                        <SelectAjax<number>
                          label={`Material (fila ${n})`}
                          endpoint="/fil_datas/materiales"
                          minLength={4}
                          value={p.id_material}
                          onChange={(v, item) => {
                            const tipo = Number(item?.raw?.id_material_tipo) || null;
                            const allowed = unitChoices(unidades, conversiones, tipo);
                            update({
                              id_material: v,
                              codigo_material: v ? String(item?.raw?.codigo ?? '') : '',
                              id_material_tipo: v ? tipo : null,
                              // A unit outside the new material type's units is cleared (seed 001 §5).
                              id_unidad: p.id_unidad && allowed.some((u) => u.value === p.id_unidad) ? p.id_unidad : allowed.length === 1 ? allowed[0].value : null,
                              descripcion: p.descripcion || String(item?.raw?.nombre ?? ''),
                            });
                          }}
                          placeholder="Código o nombre (4 caracteres)…"
                          disabled={locked}
                          error={err(i, 'id_material')}
                        />
                      </div>
                    )}
                    <label className="mt-1.5 flex items-center gap-2 text-xs text-slate-700">
                      <input
                        type="checkbox"
                        checked={p.solicitud_material === 1}
                        disabled={locked}
                        onChange={(e) =>
                          update(e.target.checked ? { solicitud_material: 1, id_material: null, codigo_material: '', id_material_tipo: null } : { solicitud_material: 0 })
                        }
                        className="size-4 rounded border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600"
                      />
                      Solicitar material nuevo
                    </label>
                  </div>
                </td>
                <td className="min-w-40 px-2 py-2 align-top">
                  <CellInput
                    label={`Descripción (fila ${n})`}
                    value={p.descripcion}
                    maxLength={500}
                    required={p.solicitud_material === 1}
                    placeholder={p.solicitud_material === 1 ? 'Describa el material nuevo' : ''}
                    disabled={locked}
                    onChange={(v) => update({ descripcion: v })}
                    error={err(i, 'descripcion')}
                  />
                </td>
                <td className="px-2 py-2 align-top [&_label]:sr-only">
                  <Select<number>
                    label={`Unidad (fila ${n})`}
                    items={units}
                    value={p.id_unidad}
                    onChange={(v) => update({ id_unidad: v })}
                    placeholder="Unidad"
                    disabled={locked}
                    error={err(i, 'id_unidad')}
                  />
                </td>
                <td className="px-2 py-2 align-top">
                  <CellInput
                    label={`Cantidad (fila ${n})`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={p.cantidad}
                    disabled={locked}
                    onChange={(v) => update({ cantidad: v })}
                    error={err(i, 'cantidad_solicitada_por_tecnico')}
                  />
                </td>
                <td className="px-2 py-3 align-top">
                  <StateChip row={p} />
                </td>
                <td className="px-2 py-2 align-top">{!locked ? <RemoveRowButton label={`Eliminar fila ${n}`} busy={removing === p.key} onClick={() => onRemove(p)} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
