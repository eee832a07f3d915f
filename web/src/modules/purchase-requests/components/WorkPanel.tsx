import { TextAreaField } from '../../../ui/form/TextAreaField';
import type { RequestForm } from '../internal/requestValues';
import { Panel } from './PageHead';

type Props = { form: Pick<RequestForm, 'values' | 'set' | 'fieldError'>; readOnly: boolean };

/** 'Trabajo': the description of the work to do (required, up to 500 characters, counted under it). */
export function WorkPanel({ form, readOnly }: Props) {
  const text = form.values.descripcion_trabajo;
  return (
    <Panel title="Trabajo">
      <TextAreaField
        label="Descripción del trabajo"
        required
        maxLength={500}
        rows={3}
        value={text}
        onChange={(value) => form.set('descripcion_trabajo', value)}
        disabled={readOnly}
        error={form.fieldError('descripcion_trabajo')}
      />
      <p className="mt-1 text-end text-xs text-slate-500 tabular-nums">{text.length}/500</p>
    </Panel>
  );
}
