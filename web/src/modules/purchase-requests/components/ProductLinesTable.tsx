import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CellInput } from '../../../ui/form/CellInput';
import { Select } from '../../../ui/select/Select';
import { SelectAjax } from '../../../ui/select/SelectAjax';
import { fetchOptions } from '../../../ui/select/fetchOptions';
import type { SelectOption } from '../../../ui/select/selectOption';
import { unitChoices } from '../../work-orders/internal/unitChoices';
import { RemoveRowButton } from '../../../ui/form/RemoveRowButton';
import { quantityInput } from '../internal/quantity';
import type { ProductLine } from '../internal/requestValues';
import { LINE_ROW, LineNumberCell, LineTableHead } from '../../../ui/form/LineTableHead';

/** The lookups the unit select reads: every unit, and the units a material type converts to
 * (SelectLocal's cache entries, shared with any other select on them). */
const unitsQuery = { queryKey: ['select-local', '/fil_datas/unidades', {}], queryFn: () => fetchOptions<number>('/fil_datas/unidades', { limit: 500 }), staleTime: 60_000 };
const conversionsQuery = (tipo: number) => ({
  queryKey: ['select-local', '/fil_datas/conversion_unidades', { id_material_tipo: tipo }],
  queryFn: () => fetchOptions<number>('/fil_datas/conversion_unidades', { limit: 500, id_material_tipo: tipo }),
  staleTime: 60_000,
});

/** The units a material type allows, as work orders read them (seed 001 §5, unitChoices): its
 * conversions' units, every unit for a type without conversions or a line without material. */
function allowedUnits(units: SelectOption<number>[], conversions: SelectOption<number>[] | undefined, tipo: number | null) {
  return unitChoices(units, conversions?.map((c) => ({ id_material_tipo: tipo, id_unidad: c.value })), tipo);
}

function UnitCell({ line, n, locked, error, onChange }: { line: ProductLine; n: number; locked: boolean; error?: string; onChange(id: number | null): void }) {
  const units = useQuery(unitsQuery);
  const conversions = useQuery({ ...conversionsQuery(line.id_material_tipo ?? 0), enabled: !!line.id_material_tipo });
  return (
    <Select<number>
      label={`UDM (fila ${n})`}
      items={allowedUnits(units.data ?? [], conversions.data, line.id_material_tipo)}
      value={line.id_unidad}
      onChange={onChange}
      placeholder="Unidad"
      disabled={locked}
      error={error}
    />
  );
}

type Props = {
  lines: ProductLine[];
  locked: boolean;
  /** Quantities of a service may be 0 (seed 002: only compra and despacho need one above 0). */
  service: boolean;
  update(index: number, change: Partial<ProductLine>): void;
  remove(index: number): void;
  error(index: number, field: string): string | undefined;
};

/** The products (or services) of a request (seed 002 §2): N°, ID (the material's), CODIGO (the
 * material, searched from 4 characters; it fills the description and the material type, whose
 * units the UDM offers), DESCRIPCION (required without a material: a material not in the
 * catalogue is described), UDM, CANTIDAD SOLICITADA (a non-negative decimal), and the remove
 * button. A row's server errors are keyed 'productos_solicitados.{i}.{field}'. */
export function ProductLinesTable({ lines, locked, service, update, remove, error }: Props) {
  const queryClient = useQueryClient();

  /** A material chosen: its code, name and type; the unit is kept when the type allows it, else
   * set when the type allows one unit only, else cleared. */
  async function pick(index: number, line: ProductLine, value: number | null, option: SelectOption<number> | null) {
    if (!value || !option) {
      update(index, { id_material: null, id_material_tipo: null, codigo: '' });
      return;
    }
    const tipo = Number(option.raw?.id_material_tipo) || null;
    const nombre = String(option.raw?.nombre ?? '');
    // One update with every change: the line is read once, so nothing typed meanwhile is lost to a
    // second update made from an older copy of the rows.
    const [units, conversions] = await Promise.all([queryClient.fetchQuery(unitsQuery), tipo ? queryClient.fetchQuery(conversionsQuery(tipo)) : Promise.resolve(undefined)]).catch(() => [[], undefined] as const);
    const allowed = allowedUnits([...units], conversions, tipo);
    const unit = line.id_unidad && (allowed.length === 0 || allowed.some((u) => u.value === line.id_unidad)) ? line.id_unidad : allowed.length === 1 ? allowed[0].value : null;
    update(index, {
      id_material: value,
      id_material_tipo: tipo,
      codigo: String(option.raw?.codigo ?? ''),
      // The material's name, unless the user described it himself (a previous material's name is replaced).
      descripcion: line.descripcion.trim() === '' || line.id_material ? nombre : line.descripcion,
      id_unidad: unit,
    });
  }

  return (
    // Under 640 px each line is a stacked card (CSS only, the same cells), as the work order's line tables.
    <div className="overflow-x-auto max-sm:overflow-visible">
      <table className="w-full min-w-[56rem] border-collapse text-sm max-sm:block max-sm:min-w-0!">
        <LineTableHead
          number="N°"
          nowrap
          columns={[
            { label: 'ID', width: 'w-16' },
            { label: 'Código', width: 'w-72' },
            { label: 'Descripción' },
            { label: 'UDM', required: true, width: 'w-32' },
            { label: 'Cantidad solicitada', required: true, width: 'w-32' },
          ]}
        />
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3 max-sm:p-3">
          {lines.map((line, i) => {
            const n = i + 1;
            return (
              <tr key={line.key} className={`${LINE_ROW} max-sm:*:min-w-0 max-sm:*:p-0`}>
                <LineNumberCell n={n} />
                <td className="px-2 py-3 align-top text-slate-600 tabular-nums max-sm:flex max-sm:h-9 max-sm:items-center max-sm:gap-1">
                  <span className="text-xs text-slate-500 sm:hidden">ID</span>
                  {line.id_material ?? '—'}
                </td>
                <td className="px-2 py-2 align-top max-sm:col-span-2 [&_label]:sr-only">
                  <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600 sm:hidden">Código</span>
                  <SelectAjax<number>
                    label={`Material (fila ${n})`}
                    endpoint="/fil_datas/materiales"
                    minLength={4}
                    value={line.id_material}
                    onChange={(v, option) => void pick(i, line, v, option)}
                    placeholder="Código o nombre (4 caracteres)…"
                    disabled={locked}
                    error={error(i, 'id_material')}
                  />
                </td>
                <td className="px-2 py-2 align-top max-sm:col-span-2">
                  <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600 sm:hidden">Descripción</span>
                  <CellInput
                    label={`Descripción (fila ${n})`}
                    value={line.descripcion}
                    maxLength={500}
                    placeholder={line.id_material ? '' : 'Describa el material o servicio'}
                    disabled={locked}
                    onChange={(v) => update(i, { descripcion: v })}
                    error={error(i, 'descripcion')}
                  />
                </td>
                <td className="px-2 py-2 align-top [&_label]:sr-only">
                  <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600 sm:hidden">UDM<span className="text-red-600"> *</span></span>
                  <UnitCell line={line} n={n} locked={locked} error={error(i, 'id_unidad')} onChange={(v) => update(i, { id_unidad: v })} />
                </td>
                <td className="px-2 py-2 align-top">
                  <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600 sm:hidden">Cantidad solicitada<span className="text-red-600"> *</span></span>
                  <CellInput
                    label={`Cantidad solicitada (fila ${n})`}
                    inputMode="decimal"
                    value={line.cantidad}
                    placeholder={service ? '0' : ''}
                    disabled={locked}
                    onChange={(v) => update(i, { cantidad: quantityInput(v) })}
                    error={error(i, 'cantidad_solicitada_por_almacen_obra')}
                  />
                </td>
                <td className="px-2 py-2 align-top max-sm:absolute max-sm:end-2 max-sm:top-2">{!locked ? <RemoveRowButton label={`Eliminar fila ${n}`} onClick={() => remove(i)} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
