import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../ui/dialogs/TextField';
import { fetchOptions } from '../../../ui/select/fetchOptions';
import type { SelectOption } from '../../../ui/select/selectOption';
import { fixedResource, LOOKUP } from '../internal/requestOptions';
import type { RequestForm } from '../internal/requestValues';
import { Panel } from './PageHead';
import { RequestField } from './RequestField';

type Props = { form: Pick<RequestForm, 'values' | 'set' | 'fieldError'>; readOnly: boolean };

/** 'Movilización de terceros' of a service: the third-party cost-centre type, the classification
 * and the third-party resource. Type 2 asks for classification, cost-centre type and resource; a
 * type with a fixed resource code (its catalogue row) fills the third-party resource with it, which
 * then stays locked. */
export function MobilisationPanel({ form, readOnly }: Props) {
  const v = form.values;
  // The mobilisation types with their fixed resource codes: the same list (and cache) as their select.
  const mobilisationTypes = useQuery({
    queryKey: ['select-local', LOOKUP.movilizacion, {}],
    queryFn: () => fetchOptions<number>(LOOKUP.movilizacion, { limit: 500 }),
    staleTime: 60_000,
    retry: false,
  });
  // Type 2 asks for classification, cost-centre type and resource.
  const typeTwo = v.id_solicitudes_movilizacion_terceros_tipocc === 2;
  const lockedResource = fixedResource(mobilisationTypes.data?.find((o) => o.value === v.id_solicitudes_movilizacion_terceros_tipocc)?.raw);

  function changeThirdPartyType(value: number | null, option: SelectOption<number> | null) {
    form.set('id_solicitudes_movilizacion_terceros_tipocc', value);
    const fixed = fixedResource(option?.raw);
    if (fixed) form.set('id_solicitudes_movilizacion_terceros_ter_recurso', fixed);
  }

  return (
    <Panel title="Movilización de terceros">
      <div className="grid gap-4 md:grid-cols-3">
        <RequestField form={form} field="id_solicitudes_movilizacion_terceros_tipocc" label="Tipo de centro de costo de terceros" endpoint={LOOKUP.movilizacion} onChange={changeThirdPartyType} disabled={readOnly} placeholder="Elegir tipo…">
          {typeTwo && !form.fieldError('id_solicitudes_movilizacion_terceros_tipocc') ? <p className="mt-1 text-xs text-slate-500">Este tipo exige clasificación, tipo de centro de costo y recurso.</p> : null}
        </RequestField>
        <RequestField form={form} field="id_solicitudes_clasificacion" label="Clasificación" endpoint={LOOKUP.clasificaciones} required={typeTwo} disabled={readOnly} placeholder="Elegir clasificación…" />
        <TextField
          label="Recurso de terceros"
          maxLength={50}
          hint={lockedResource ? 'Fijado por el tipo de centro de costo de terceros.' : undefined}
          value={v.id_solicitudes_movilizacion_terceros_ter_recurso}
          onChange={(value) => form.set('id_solicitudes_movilizacion_terceros_ter_recurso', value)}
          disabled={readOnly || !!lockedResource}
          error={form.fieldError('id_solicitudes_movilizacion_terceros_ter_recurso')}
        />
      </div>
    </Panel>
  );
}
