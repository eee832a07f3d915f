import { SwitchField } from '../../ui/form/SwitchField';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { Select } from '../../ui/select/Select';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { equipoFormValues, equipoPayload, type EquipoForm } from './equipmentForm';
import { equipos } from './equipment.resource';
import { FormSection } from '../../ui/form/FormSection';
import { ReadOnlyAmount } from './ReadOnlyAmount';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { DateField } from '../../ui/DateField';

type Props = { id: number | null; onClose(): void };
/** The form's lookups, the parents and dependents of its cascading selects. */
type IdKey = 'id_equipo_grupo' | 'id_equipo_subgrupo' | 'id_equipo_producto' | 'id_marca' | 'id_modelo' | 'id_marca_motor' | 'id_modelo_motor';

/** Seed 001 §5/§9: on work site 8 the yellow/white line switch is hidden. */
const SITE_WITHOUT_LINEA = 8;
/** Seed 001 §5: tariff MES chooses months, HORA chooses hours (the server accepts 1-12 months, 1-744 hours). */
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: i === 0 ? '1 mes' : `${i + 1} meses` }));
const HOURS = [50, 100, 150, 180, 200, 220, 240, 250, 300];
const MAX = 500;

const EMPTY = equipoFormValues({});

/** Create (id 0) or edit a machine (`/equipos/form`, `/equipos/create`). Rules (seed 001 §5):
 * - required: obra, código sub obra, código, grupo, subgrupo, descripción, marca, modelo, serie,
 *   año, marca y modelo de motor; the server decides and its errors show under the fields;
 * - dependent selects: subgroup after group, description after subgroup, model after brand,
 *   engine model after engine brand; changing a parent clears its children;
 * - the yellow/white line switch is hidden on site 8 (and saved as 0 there);
 * - tariff MES shows the months selector, HORA the hours selector; changing it clears the choice;
 * - costo_mes_actual and pendiente_por_mes are read only (computed by the server). */
export function EquipoDialog({ id, onClose }: Props) {
  const { form, reply, dialogProps } = useRecordForm(equipos, {
    id,
    empty: EMPTY,
    toValues: equipoFormValues,
    toPayload: (values) => ({ id, ...equipoPayload(values) }),
    onClose,
  });
  const item = reply?.item as { costo_mes_actual?: unknown; pendiente_por_mes?: unknown } | undefined;
  const computed = item ? { costo_mes_actual: String(item.costo_mes_actual ?? '0.00'), pendiente_por_mes: String(item.pendiente_por_mes ?? '0.00') } : {};

  const v = form.values;
  const set = form.set;
  const err = form.fieldError;
  const text = (key: keyof EquipoForm, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={key} maxLength={MAX} value={v[key]} onChange={(value) => set(key, value as never)} error={err(key)} {...extra} />
  );
  const money = (key: keyof EquipoForm, label: string) => text(key, label, { inputMode: 'decimal', placeholder: '0.00', hint: 'Soles (S/), hasta 2 decimales.' });
  const date = (key: keyof EquipoForm, label: string) => (
    <DateField label={label} name={key} value={v[key] as string} onChange={(value) => set(key, value as never)} error={err(key)} />
  );
  /** A parent select: changing it clears its dependents (they belong to the old choice). */
  const parent = (key: IdKey, dependents: IdKey[]) => ({
    value: v[key],
    onChange: (value: number | null) => {
      set(key, value);
      for (const d of dependents) set(d, null);
    },
    error: err(key),
  });
  /** A dependent select: the choices of its parent's value (sent as `param`), disabled until there is one. */
  const dependent = (on: IdKey, param: string, what: string) => ({
    params: v[on] ? { [param]: v[on] } : undefined,
    disabled: !v[on],
    placeholder: v[on] ? 'Buscar…' : `Elija primero ${what}`,
  });
  const hourChoices = v.horas && !HOURS.includes(v.horas) ? [...HOURS, v.horas].sort((a, b) => a - b) : HOURS;

  return (
    <FormDialog {...dialogProps} title={id ? 'Editar equipo' : 'Nuevo equipo'} size="xl">
      <FormSection title="Obra e identificación">
        <SelectLocal<number>
          label="Obra"
          endpoint="/fil_datas/obras"
          value={v.id_obra}
          onChange={(value) => {
            set('id_obra', value);
            if (value === SITE_WITHOUT_LINEA) set('linea_amarilla_blanca', 0);
          }}
          error={err('id_obra')}
        />
        {text('codigo_sub_obra', 'Código sub obra', { required: true })}
        {text('codigo', 'Código', { required: true, autoFocus: true, placeholder: 'EX-012' })}
        {text('cc', 'Centro de costo')}
        {text('ubicacion', 'Ubicación')}
        {text('proviene', 'Proviene')}
      </FormSection>

      <FormSection title="Clasificación">
        <SelectLocal<number> label="Grupo" endpoint="/fil_datas/equipo_grupos" {...parent('id_equipo_grupo', ['id_equipo_subgrupo', 'id_equipo_producto'])} />
        <SelectLocal<number>
          label="Subgrupo"
          endpoint="/fil_datas/equipo_subgrupos"
          {...dependent('id_equipo_grupo', 'id_equipo_grupo', 'el grupo')}
          {...parent('id_equipo_subgrupo', ['id_equipo_producto'])}
        />
        <SelectLocal<number>
          label="Descripción"
          endpoint="/fil_datas/equipo_productos"
          {...dependent('id_equipo_subgrupo', 'id_equipo_subgrupo', 'el subgrupo')}
          {...form.bind('id_equipo_producto')}
        />
      </FormSection>

      <FormSection title="Marca, modelo y motor">
        <SelectAjax<number> label="Marca" endpoint="/fil_datas/marcas" {...parent('id_marca', ['id_modelo'])} />
        <SelectLocal<number> label="Modelo" endpoint="/fil_datas/modelos" {...dependent('id_marca', 'id_marca', 'la marca')} {...form.bind('id_modelo')} />
        {text('serie', 'Serie', { required: true })}
        <SelectAjax<number> label="Marca de motor" endpoint="/fil_datas/marcas" {...parent('id_marca_motor', ['id_modelo_motor'])} />
        <SelectLocal<number> label="Modelo de motor" endpoint="/fil_datas/modelos" {...dependent('id_marca_motor', 'id_marca', 'la marca de motor')} {...form.bind('id_modelo_motor')} />
        {text('motor_serie', 'Serie de motor')}
        {text('anio', 'Año', { required: true, inputMode: 'numeric', maxLength: 4, placeholder: '2024' })}
        {text('placa', 'Placa', { placeholder: 'ABC-123' })}
        {v.id_obra !== SITE_WITHOUT_LINEA ? (
          <div className="self-end pb-1">
            <SwitchField
              label="Línea amarilla"
              hint="Activado: línea amarilla (maquinaria); desactivado: línea blanca (vehículos)."
              value={v.linea_amarilla_blanca}
              onChange={(value) => set('linea_amarilla_blanca', value)}
            />
          </div>
        ) : null}
      </FormSection>

      <FormSection title="Características">
        {text('potencia', 'Potencia', { placeholder: '162 HP' })}
        {text('capacidad', 'Capacidad', { placeholder: '1.19 m3' })}
        {text('peso', 'Peso', { placeholder: '22,500 kg' })}
        {text('dimensiones', 'Dimensiones')}
        {text('horometro', 'Horómetro', { inputMode: 'numeric', maxLength: 7 })}
      </FormSection>

      <FormSection title="Compra, seguro y amortización">
        {money('costo_adquisicion', 'Costo de adquisición')}
        {date('fecha_compra', 'Fecha de compra')}
        {date('fecha_llegada', 'Fecha de llegada')}
        {text('garantia_compra', 'Garantía de compra', { placeholder: '12 meses o 2,000 horas' })}
        {money('costo_anual_seguro', 'Costo anual del seguro')}
        <ReadOnlyAmount label="Costo mes actual" value={computed.costo_mes_actual} hint="Seguro del mes, calculado por días." />
        {text('amortizacion', 'Amortización (meses)', { inputMode: 'numeric', maxLength: 3 })}
        <ReadOnlyAmount label="Pendiente por mes" value={computed.pendiente_por_mes} hint="Cuota de amortización del mes." />
        {date('fecha_baja', 'Fecha de baja')}
        {date('soat_vence', 'SOAT vence')}
        {date('rv_vence', 'Revisión técnica vence')}
      </FormSection>

      <FormSection title="Tarifa">
        <Select<string>
          label="Tipo de tarifa"
          items={[
            { value: 'HORA', label: 'Por hora (HORA)' },
            { value: 'MES', label: 'Por mes (MES)' },
          ]}
          value={v.tipo_tarifa}
          onChange={(value) => {
            set('tipo_tarifa', value === 'MES' ? 'MES' : 'HORA');
            set('horas', null); // months and hours are different choices
          }}
          error={err('tipo_tarifa')}
        />
        {v.tipo_tarifa === 'MES' ? (
          <Select<number> label="Meses" items={MONTHS} value={v.horas} onChange={(value) => set('horas', value)} placeholder="Elija los meses" clearable error={err('horas')} />
        ) : (
          <Select<number>
            label="Horas"
            items={hourChoices.map((h) => ({ value: h, label: `${h} horas` }))}
            value={v.horas}
            onChange={(value) => set('horas', value)}
            placeholder="Elija las horas"
            clearable
            error={err('horas')}
          />
        )}
        {money('tarifa', v.tipo_tarifa === 'MES' ? 'Tarifa mensual' : 'Tarifa por hora')}
      </FormSection>

      <TextAreaField label="Observaciones" value={v.observaciones} maxLength={MAX} onChange={(value) => set('observaciones', value)} error={err('observaciones')} />
    </FormDialog>
  );
}
