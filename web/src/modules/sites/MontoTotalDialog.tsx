import { parseAmount } from '@shared/parse-amount';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { formatMoney } from '@shared/money';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { obras } from './sites.resource';

type Props = { id: number | null; onClose(): void };

/** Seed 001 §2: 'A dialog sets the total amount (monto total) of a site' (GET /obras/montoTotal,
 * POST /obras/guardarMonto). Seed 001 §5: the amount is parsed as an integer and a non-numeric
 * value becomes 0; the hint shows what will be saved while typing. */
export function MontoTotalDialog({ id, onClose }: Props) {
  const { form, reply, dialogProps } = useRecordForm(obras, {
    id,
    empty: { monto_total: '' },
    toValues: (item) => ({ monto_total: String(parseAmount(item.monto_total as string)) }),
    toPayload: (values) => ({ id, monto_total: values.monto_total }),
    onClose,
  });
  const item = reply?.item as { codigo: string; nombre: string } | undefined;

  return (
    <FormDialog {...dialogProps} title={item ? `Monto total · ${item.codigo}` : 'Monto total'} size="sm">
      {item ? <p className="text-sm text-slate-600">{item.nombre}</p> : null}
      <TextField
        label="Monto total (S/)"
        name="monto_total"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        {...form.bind('monto_total')}
        hint={`Se guardará ${formatMoney(parseAmount(form.values.monto_total))} (monto entero).`}
        autoFocus
      />
    </FormDialog>
  );
}
