import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { useFormState } from '../../ui/dialogs/useFormState';
import { FilePicker } from '../../ui/file-picker/FilePicker';
import { useToast } from '../../ui/toast/useToast';
import { TextAreaField } from './TextAreaField';
import { formatFileSize } from '../../ui/file-picker/formatFileSize';
import { MSG_SAVED } from '@shared/messages';

type Props = {
  /** The document being edited (0: new), or null when closed. */
  id: number | null;
  idEquipo: number;
  /** The server's size limit in KB (the list's max_kb). */
  maxKb: number;
  onClose(): void;
};

/** Seed 001 §3/§5: PDF or Excel; the server decides by content. */
const ACCEPT = '.pdf,.xlsx,.xls,application/pdf,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Values = { titulo: string; comentario: string; documento: File | null };
const EMPTY: Values = { titulo: '', comentario: '', documento: null };

/** Create or edit an equipment document (`/equipo_documentos/form`, `/create`). Rules (seed 001 §5):
 * the title is required; the file can be attached only after the first save, so a new document
 * shows no file picker — once saved, the dialog stays open on it with the picker ('Ahora puede
 * adjuntar el archivo'); PDF or Excel only; a file over the limit is refused before it is sent
 * with 'Archivo muy pesado, el límite es de {max} KB.'; the file goes as multipart. */
export function DocumentoDialog({ id, idEquipo, maxKb, onClose }: Props) {
  const [current, setCurrent] = useState<number | null>(id);
  const form = useFormState<Values>(EMPTY);
  const [stored, setStored] = useState<{ nombre: string | null; bytes: number | null }>({ nombre: null, bytes: null });
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState('');
  const [justCreated, setJustCreated] = useState(false);
  const { show } = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    setCurrent(id);
    setJustCreated(false);
    if (id === null) return;
    setMessage('');
    form.setErrors({});
    form.reset(EMPTY);
    setStored({ nombre: null, bytes: null });
    if (id === 0) return;
    setLoading(true);
    void api.post('/equipo_documentos/form', { id }).then((r) => {
      setLoading(false);
      if (!r.envelope.ok) {
        setMessage(r.envelope.msg);
        return;
      }
      const item = (r.envelope.item ?? {}) as Record<string, unknown>;
      form.reset({ titulo: String(item.titulo ?? ''), comentario: String(item.comentario ?? ''), documento: null });
      setStored({ nombre: (item.documento_nombre as string | null) ?? null, bytes: (item.documento_bytes as number | null) ?? null });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function submit() {
    const v = form.values;
    const body = new FormData();
    body.append('id', String(current ?? 0));
    body.append('id_equipo', String(idEquipo));
    body.append('titulo', v.titulo);
    body.append('comentario', v.comentario);
    if (v.documento && current) body.append('documento', v.documento);
    setSubmitting(true);
    const r = await api.post('/equipo_documentos/create', body);
    setSubmitting(false);
    if (!r.envelope.ok) {
      setMessage(r.envelope.msg);
      form.setErrors(fieldErrors(r.envelope.errors));
      return;
    }
    setMessage('');
    const item = (r.envelope.item ?? {}) as Record<string, unknown>;
    show(r.envelope.msg || MSG_SAVED, 'success');
    await queryClient.invalidateQueries({ queryKey: ['equipo_documentos', idEquipo] });
    if (!current) {
      // The first save: stay on the new document so its file can be attached now.
      form.reset({ ...v, documento: null });
      setCurrent(Number(item.id));
      setJustCreated(true);
      return;
    }
    form.reset({ ...v, documento: null });
    onClose();
  }

  return (
    <FormDialog
      open={id !== null}
      title={current ? 'Editar documento' : 'Nuevo documento'}
      onClose={onClose}
      loading={loading}
      dirty={form.dirty}
      submitting={submitting}
      message={message}
      onSubmit={submit}
    >
      {justCreated ? (
        <p role="status" className="rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900">
          Documento guardado. Ahora puede adjuntar el archivo.
        </p>
      ) : null}
      <TextField label="Título" name="titulo" required autoFocus maxLength={500} value={form.values.titulo} onChange={(value) => form.set('titulo', value)} error={form.fieldError('titulo')} />
      <TextAreaField label="Comentario" maxLength={500} value={form.values.comentario} onChange={(value) => form.set('comentario', value)} error={form.fieldError('comentario')} />
      {current ? (
        <div className="space-y-1">
          <FilePicker label="Archivo (PDF o Excel)" accept={ACCEPT} maxKb={maxKb} value={form.values.documento} onFile={(file) => form.set('documento', file)} error={form.fieldError('documento')} />
          {stored.nombre && !form.values.documento ? (
            <p className="text-xs text-slate-500">
              Archivo actual: {stored.nombre}
              {stored.bytes ? ` (${formatFileSize(stored.bytes)})` : ''}. Elegir otro lo reemplaza.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-500">El archivo se adjunta después de guardar el documento por primera vez.</p>
      )}
    </FormDialog>
  );
}
