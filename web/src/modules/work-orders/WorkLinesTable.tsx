import { CellInput } from '../../ui/form/CellInput';
import { ElementCells } from './ElementCells';
import { RemoveRowButton } from './RemoveRowButton';
import type { WorkOrderForm } from './useWorkOrderForm';
import type { WorkLineValues } from './workOrderValues';

const TH = 'px-2 py-2 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase';

type Props = {
  tabla: 'diagnosticos' | 'intervenciones';
  form: WorkOrderForm;
  locked: boolean;
  removing: string | null;
  onRemove(row: WorkLineValues): void;
};

/** Diagnosticos and Intervenciones (seed 001 §3): grupo funcional, elemento (required), descripción,
 * horas and minutos (default 0) and observación; text up to 500 characters. */
export function WorkLinesTable({ tabla, form, locked, removing, onRemove }: Props) {
  const rows = form.values[tabla];
  const err = (i: number, f: string) => form.fieldError(`${tabla}.${i}.${f}`);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem] border-collapse text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${TH} w-10`}>
              #
            </th>
            <th scope="col" className={TH}>
              Grupo / Elemento <span className="text-red-600">*</span>
            </th>
            <th scope="col" className={TH}>
              Descripción
            </th>
            <th scope="col" className={`${TH} w-20`}>
              Horas
            </th>
            <th scope="col" className={`${TH} w-20`}>
              Minutos
            </th>
            <th scope="col" className={TH}>
              Observación
            </th>
            <th scope="col" className={`${TH} w-12`}>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l, i) => {
            const n = i + 1;
            const update = (change: Partial<WorkLineValues>) => form.updateLine(tabla, l.key, change);
            return (
              <tr key={l.key} className="border-t border-slate-100">
                <td className="px-2 py-3 align-top text-slate-500 tabular-nums">{n}</td>
                <ElementCells
                  row={n}
                  idGrupo={l.id_grupo_funcional}
                  idElemento={l.id_grupo_funcional_elemento}
                  onChange={update}
                  disabled={locked}
                  groupError={err(i, 'id_grupo_funcional')}
                  elementError={err(i, 'id_grupo_funcional_elemento')}
                />
                <td className="min-w-48 px-2 py-2 align-top">
                  <CellInput
                    label={`Descripción (fila ${n})`}
                    value={l.descripcion}
                    maxLength={500}
                    disabled={locked}
                    onChange={(v) => update({ descripcion: v })}
                    error={err(i, 'descripcion')}
                  />
                </td>
                <td className="px-2 py-2 align-top">
                  <CellInput
                    label={`Horas (fila ${n})`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={9999}
                    step={1}
                    value={l.horas}
                    disabled={locked}
                    onChange={(v) => update({ horas: v })}
                    error={err(i, 'horas')}
                  />
                </td>
                <td className="px-2 py-2 align-top">
                  <CellInput
                    label={`Minutos (fila ${n})`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={59}
                    step={1}
                    value={l.minutos}
                    disabled={locked}
                    onChange={(v) => update({ minutos: v })}
                    error={err(i, 'minutos')}
                  />
                </td>
                <td className="min-w-40 px-2 py-2 align-top">
                  <CellInput
                    label={`Observación (fila ${n})`}
                    value={l.observacion}
                    maxLength={500}
                    disabled={locked}
                    onChange={(v) => update({ observacion: v })}
                    error={err(i, 'observacion')}
                  />
                </td>
                <td className="px-2 py-2 align-top">{!locked ? <RemoveRowButton label={`Eliminar fila ${n}`} busy={removing === l.key} onClick={() => onRemove(l)} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
