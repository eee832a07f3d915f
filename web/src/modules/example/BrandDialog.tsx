import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { useFormState } from '../../ui/dialogs/useFormState';
import { useToast } from '../../ui/toast/useToast';
import { MSG_SAVED } from '@shared/messages';

type Props = { id: number | null; onClose(): void };

/** Create (id 0) or edit a brand through the generic modal CRUD (`/marcas/form`, `/marcas/create`). */
export function BrandDialog({ id, onClose }: Props) {
  const open = id !== null;
  const form = useFormState({ nombre: '' });
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState('');
  const { show } = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (id === null) return;
    setMessage('');
    form.setErrors({});
    setLoading(true);
    void api.post('/marcas/form', { id }).then((r) => {
      setLoading(false);
      if (r.envelope.ok) form.reset({ nombre: String((r.envelope.item as { nombre?: string }).nombre ?? '') });
      else setMessage(r.envelope.msg);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function submit() {
    setSubmitting(true);
    const r = await api.post('/marcas/create', { id, ...form.values });
    setSubmitting(false);
    if (!r.envelope.ok) {
      setMessage(r.envelope.msg);
      form.setErrors(fieldErrors(r.envelope.errors));
      return;
    }
    form.reset(form.values);
    show(r.envelope.msg || MSG_SAVED, 'success');
    await queryClient.invalidateQueries({ queryKey: ['list', '/marcas'] });
    onClose();
  }

  return (
    <FormDialog
      open={open}
      title={id ? 'Editar marca' : 'Nueva marca'}
      onClose={onClose}
      loading={loading}
      dirty={form.dirty}
      submitting={submitting}
      message={message}
      onSubmit={submit}
    >
      <TextField label="Nombre" name="nombre" value={form.values.nombre} onChange={(value) => form.set('nombre', value)} error={form.fieldError('nombre')} autoFocus />
    </FormDialog>
  );
}
