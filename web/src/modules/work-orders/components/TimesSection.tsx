import { deriveTimes, formatDuration } from '@shared/work-order-derive';
import { toNumber } from '@shared/money';
import type { WorkOrderForm } from '../hooks/useWorkOrderForm';
import { OrderDateField, Panel, ReadingField, ReadOnlyValue } from './EditorFields';

type Props = {
  form: WorkOrderForm;
  /** Closed, cancelled or without the edit right. */
  readOnly: boolean;
  /** The opening reading proposed from the machine while the field holds it: its source under
   * the field, the lookup's words in its title. */
  reading: { hint: string; msg: string } | null;
};

/** 'Fechas, tiempos y horómetros' (seed 001 §5): one line per moment, its date (the time on the
 * same line), its hour-meter reading and the derived value that pair yields, recomputed as the
 * user types. Every label fits on one line at 1366 px. */
export function TimesSection({ form, readOnly, reading }: Props) {
  const { values } = form;
  const derived = deriveTimes({
    fecha_parada: values.fecha_parada,
    fecha_puesta_marcha: values.fecha_puesta_marcha,
    fecha_apertura_ot: values.fecha_apertura_ot,
    fecha_cierre_ot: values.fecha_cierre_ot,
    horometro_parada: toNumber(values.horometro_parada),
    horometro_puesta_marcha: toNumber(values.horometro_puesta_marcha),
    horometro_apertura_ot: toNumber(values.horometro_apertura_ot),
    horometro_cierre_ot: toNumber(values.horometro_cierre_ot),
  });
  const field = { form, disabled: readOnly };
  return (
    <Panel title="Fechas, tiempos y horómetros">
      <div className="grid gap-x-4 gap-y-3 md:grid-cols-[minmax(0,19rem)_minmax(0,1fr)_minmax(0,1fr)]">
        <OrderDateField {...field} field="fecha_parada" label="Fecha de parada" />
        <ReadingField {...field} field="horometro_parada" label="Horómetro de parada" />
        <ReadOnlyValue label="Tiempo de parada (H:M)" value={formatDuration(derived.tiempo_parada)} />
        <OrderDateField {...field} field="fecha_puesta_marcha" label="Fecha de puesta en marcha" />
        <ReadingField {...field} field="horometro_puesta_marcha" label="Horómetro de puesta en marcha" />
        <ReadOnlyValue label="Horómetro: tiempo de parada" value={derived.horometro_tiempo_parada.toFixed(2)} />
        <OrderDateField {...field} field="fecha_apertura_ot" label="Apertura de la OT" required />
        <ReadingField {...field} field="horometro_apertura_ot" label="Horómetro de apertura" hint={reading?.hint} title={reading?.msg} />
        <ReadOnlyValue label="Tiempo de ejecución (H:M)" value={formatDuration(derived.tiempo_ejecucion)} />
        <OrderDateField {...field} field="fecha_cierre_ot" label="Cierre de la OT" />
        <ReadingField {...field} field="horometro_cierre_ot" label="Horómetro de cierre" />
        <ReadOnlyValue label="Horómetro: tiempo de ejecución" value={derived.horometro_tiempo_ejecucion.toFixed(2)} />
      </div>
    </Panel>
  );
}
