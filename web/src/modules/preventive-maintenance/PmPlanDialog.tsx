import { DateField } from '../../ui/DateField';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { FieldError } from '../../ui/dialogs/FieldError';
import { TextField } from '../../ui/dialogs/TextField';
import { AddRowButton } from '../../ui/form/AddRowButton';
import { RemoveRowButton } from '../../ui/form/RemoveRowButton';
import { SwitchField } from '../../ui/form/SwitchField';
import { Select } from '../../ui/select/Select';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { pmPlanes } from './pm.resource';
import { UNIDAD_LABEL, type PlanUnidad } from './pmUnits';
import type { PmPlanItem, PmPlansReply } from './pmTypes';

type Parte = { key: string; id_material: number | null; codigo: string; cantidad: string };
type Values = {
  nombre: string;
  unidad: PlanUnidad | '';
  intervalo: string;
  intervenciones: { key: string; texto: string }[];
  productos: Parte[];
  activo: 0 | 1;
  ultimo_valor: string;
  ultima_fecha: string;
};

let counter = 0;
const newKey = () => `n${++counter}`;
const text = (x: number | null | undefined) => (x === null || x === undefined ? '' : String(x));

/** The form's values of a stored plan (or a new one: `plan` null). */
function valuesOf(plan: PmPlanItem | null): Values {
  return {
    nombre: plan?.nombre ?? '',
    unidad: plan?.unidad ?? '',
    intervalo: text(plan?.intervalo),
    intervenciones: (plan?.intervenciones ?? []).map((texto) => ({ key: newKey(), texto })),
    productos: (plan?.productos ?? []).map((p) => ({ key: newKey(), id_material: p.id_material, codigo: p.codigo, cantidad: String(p.cantidad) })),
    activo: plan && !plan.activo ? 0 : 1,
    ultimo_valor: text(plan?.ultimo_valor),
    ultima_fecha: plan?.ultima_fecha ?? '',
  };
}

type Props = {
  idEquipo: number;
  /** The plan edited (`id_plan` 0: the subgroup's), a new plan (`'nuevo'`), or closed (null). */
  plan: PmPlanItem | 'nuevo' | null;
  subgrupo: PmPlansReply['subgrupo'];
  onClose(): void;
};

const UNIT_ITEMS = (Object.keys(UNIDAD_LABEL) as PlanUnidad[]).map((value) => ({ value, label: UNIDAD_LABEL[value] }));

/** One plan of a machine (issue 20): name, interval (hours, km or days; plan 0 left empty
 * inherits the subgroup's), its standard interventions and parts (material and quantity: the
 * preventive OT starts with them), its last service and whether it is active. Saved by POST
 * /mantenimiento_preventivo/planes/create; the server's field errors show under each field
 * (`productos.{i}.codigo`, `productos.{i}.cantidad`…). */
export function PmPlanDialog({ idEquipo, plan, subgrupo, onClose }: Props) {
  const stored = plan === 'nuevo' ? null : plan;
  const inherited = stored?.id_plan === 0;
  const { form, dialogProps } = useRecordForm(pmPlanes, {
    // A key per opening (the controller starts clean on each): 0 a new plan, else the plan + 1.
    id: plan === null ? null : stored ? stored.id_plan + 1 : 0,
    load: false,
    empty: valuesOf(stored),
    toPayload: (v) => ({
      id_equipo: idEquipo,
      id_plan: stored ? stored.id_plan : null,
      nombre: v.nombre,
      unidad: v.unidad || null,
      intervalo: v.intervalo.trim() === '' ? null : v.intervalo,
      intervenciones: v.intervenciones.map((x) => x.texto.trim()).filter(Boolean),
      productos: v.productos.map((p) => ({ codigo: p.codigo, cantidad: p.cantidad })),
      activo: v.activo,
      ultimo_valor: v.ultimo_valor.trim() === '' ? null : v.ultimo_valor,
      ultima_fecha: v.ultima_fecha || null,
    }),
    onClose,
  });
  const v = form.values;
  const setRow = <K extends 'intervenciones' | 'productos'>(field: K, key: string, change: Partial<Values[K][number]>) =>
    form.set(field, v[field].map((r) => (r.key === key ? { ...r, ...change } : r)) as Values[K]);
  const subgroupText = subgrupo.unidad && subgrupo.intervalo ? `${subgrupo.intervalo} ${UNIDAD_LABEL[subgrupo.unidad].toLowerCase()}` : 'sin intervalo';
  const title = plan === 'nuevo' ? 'Nuevo plan' : inherited ? 'Plan del subgrupo' : 'Editar plan';

  return (
    <FormDialog {...dialogProps} title={title} size="lg">
      {inherited ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Heredado del subgrupo {subgrupo.nombre ?? ''} ({subgroupText}). Deje la unidad y el intervalo vacíos para heredar los del subgrupo.
        </p>
      ) : null}
      <TextField label="Nombre" name="nombre" required={!inherited} autoFocus maxLength={100} placeholder={inherited ? 'Preventivo del subgrupo' : 'Servicio 250 h'} {...form.bind('nombre')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select<PlanUnidad>
          label="Unidad"
          clearable={inherited}
          items={UNIT_ITEMS}
          value={v.unidad || null}
          onChange={(x) => form.set('unidad', x ?? '')}
          placeholder={inherited ? 'La del subgrupo' : 'Seleccione una opción'}
          error={form.fieldError('unidad')}
        />
        <TextField label="Intervalo" name="intervalo" required={!inherited} inputMode="decimal" placeholder={inherited ? 'El del subgrupo' : '250'} {...form.bind('intervalo')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Último servicio (lectura)" name="ultimo_valor" inputMode="decimal" hint="Horas o km al último servicio" {...form.bind('ultimo_valor')} />
        <DateField label="Fecha del último servicio" name="ultima_fecha" {...form.bind('ultima_fecha')} />
      </div>
      <SwitchField label="Activo" hint="Un plan inactivo no aparece en el tablero" value={v.activo} onChange={(x) => form.set('activo', x)} />

      <fieldset className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <legend className="text-sm font-semibold text-slate-800">Intervenciones estándar</legend>
          <AddRowButton label="Agregar intervención" onClick={() => form.set('intervenciones', [...v.intervenciones, { key: newKey(), texto: '' }])} />
        </div>
        {v.intervenciones.length === 0 ? <p className="text-sm text-slate-500">Sin intervenciones: la OT tendrá una línea con el nombre del plan.</p> : null}
        {v.intervenciones.map((r, i) => (
          <div key={r.key} className="flex items-start gap-2">
            <div className="min-w-0 flex-1 [&_label]:sr-only">
              <TextField label={`Intervención ${i + 1}`} maxLength={200} value={r.texto} onChange={(texto) => setRow('intervenciones', r.key, { texto })} error={form.fieldError(`intervenciones.${i}`)} />
            </div>
            <RemoveRowButton label={`Eliminar intervención ${i + 1}`} onClick={() => form.set('intervenciones', v.intervenciones.filter((x) => x.key !== r.key))} />
          </div>
        ))}
        <FieldError id="pm-plan-intervenciones-error" message={form.fieldError('intervenciones') ?? ''} />
      </fieldset>

      <fieldset className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <legend className="text-sm font-semibold text-slate-800">Repuestos estándar</legend>
          <AddRowButton label="Agregar repuesto" onClick={() => form.set('productos', [...v.productos, { key: newKey(), id_material: null, codigo: '', cantidad: '1' }])} />
        </div>
        {v.productos.length === 0 ? <p className="text-sm text-slate-500">Sin repuestos.</p> : null}
        {v.productos.map((p, i) => (
          <div key={p.key} className="flex flex-wrap items-start gap-2 rounded-md border border-slate-200 p-2 sm:flex-nowrap sm:border-0 sm:p-0">
            <div className="min-w-0 flex-1 basis-full sm:basis-auto">
              <SelectAjax<number>
                label={`Material ${i + 1}`}
                endpoint="/fil_datas/materiales"
                minLength={4}
                value={p.id_material}
                onChange={(id, item) => setRow('productos', p.key, { id_material: id, codigo: id ? String(item?.raw?.codigo ?? '') : '' })}
                placeholder="Código o nombre (4 caracteres)…"
                error={form.fieldError(`productos.${i}.codigo`)}
              />
              {p.codigo && !p.id_material ? <p className="mt-1 text-xs text-amber-800">Código {p.codigo}: no hay un material activo con este código</p> : null}
            </div>
            <div className="w-28">
              <TextField
                label={`Cantidad ${i + 1}`}
                inputMode="decimal"
                value={p.cantidad}
                onChange={(cantidad) => setRow('productos', p.key, { cantidad })}
                error={form.fieldError(`productos.${i}.cantidad`)}
              />
            </div>
            <div className="pt-6">
              <RemoveRowButton label={`Eliminar repuesto ${i + 1}`} onClick={() => form.set('productos', v.productos.filter((x) => x.key !== p.key))} />
            </div>
          </div>
        ))}
        <FieldError id="pm-plan-productos-error" message={form.fieldError('productos') ?? ''} />
      </fieldset>
    </FormDialog>
  );
}
