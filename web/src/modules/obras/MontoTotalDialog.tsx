import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { parseAmount } from '@events/obra-gastos/parse-amount';
import { api } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { useFormState } from '../../ui/dialogs/useFormState';
import { useToast } from '../../ui/toast/useToast';
import { formatMoney } from '@shared/money';
import { MSG_SAVED } from '@shared/messages';
import type { MontoTotalItem as Item } from '@api/obras/obras-contracts';

type Props = { id: number | null; onClose(): void };


/** Seed 001 §2: 'A dialog sets the total amount (monto total) of a site' (GET /obras/montoTotal,
 * POST /obras/guardarMonto). Seed 001 §5: the amount is parsed as an integer and a non-numeric
 * value becomes 0; the hint shows what will be saved while typing. */
export function MontoTotalDialog({ id, onClose }: Props) {
  const form = useFormState({ monto_total: '' });
  const [item, setItem] = useState<Item | null>(null);
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState('');
  const { show } = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (id === null) return;
    setMessage('');
    setItem(null);
    form.reset({ monto_total: '' });
    setLoading(true);
    void api.get('/obras/montoTotal', { id }).then((r) => {
      setLoading(false);
      if (!r.envelope.ok) return setMessage(r.envelope.msg);
      const loaded = r.envelope.item as Item;
      setItem(loaded);
      form.reset({ monto_total: String(parseAmount(loaded.monto_total)) });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function submit() {
    setSubmitting(true);
    const r = await api.post('/obras/guardarMonto', { id, monto_total: form.values.monto_total });
    setSubmitting(false);
    if (!r.envelope.ok) {
      setMessage(r.envelope.msg);
      form.setErrors(fieldErrors(r.envelope.errors));
      return;
    }
    form.reset(form.values);
    show(r.envelope.msg || MSG_SAVED, 'success');
    await queryClient.invalidateQueries({ queryKey: ['list', '/obras'] });
    onClose();
  }

  return (
    <FormDialog
      open={id !== null}
      title={item ? `Monto total · ${item.codigo}` : 'Monto total'}
      onClose={onClose}
      loading={loading}
      dirty={form.dirty}
      submitting={submitting}
      message={message}
      onSubmit={submit}
      size="sm"
    >
      {item ? <p className="text-sm text-slate-600">{item.nombre}</p> : null}
      <TextField
        label="Monto total (S/)"
        name="monto_total"
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        value={form.values.monto_total}
        onChange={(value) => form.set('monto_total', value)}
        error={form.fieldError('monto_total')}
        hint={`Se guardará ${formatMoney(parseAmount(form.values.monto_total))} (monto entero).`}
        autoFocus
      />
    </FormDialog>
  );
}
