import { useEffect, useState } from 'react';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { FilePicker } from '../../ui/file-picker/FilePicker';
import { formatFileSize } from '../../ui/file-picker/formatFileSize';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { equipoDocumentos } from './equipment.resource';

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
  // The document being edited: a new one becomes its saved id after the first save.
  const [current, setCurrent] = useState<number | null>(id);
  const [justCreated, setJustCreated] = useState(false);
  useEffect(() => {
    setCurrent(id);
    setJustCreated(false);
  }, [id]);

  const { form, reply, dialogProps } = useRecordForm(equipoDocumentos, {
    id,
    empty: EMPTY,
    load: id !== 0,
    toValues: (item) => ({ titulo: String(item.titulo ?? ''), comentario: String(item.comentario ?? ''), documento: null }),
    toPayload: (v) => {
      const body = new FormData();
      body.append('id', String(current ?? 0));
      body.append('id_equipo', String(idEquipo));
      body.append('titulo', v.titulo);
      body.append('comentario', v.comentario);
      if (v.documento && current) body.append('documento', v.documento);
      return body;
    },
    onSaved: (r, v) => {
      form.reset({ ...v, documento: null });
      if (current) return 'close';
      // The first save: stay on the new document so its file can be attached now.
      setCurrent(Number((r.envelope.item as { id?: unknown } | undefined)?.id));
      setJustCreated(true);
      return 'stay';
    },
    onClose,
  });
  const item = (reply?.item ?? {}) as { documento_nombre?: string | null; documento_bytes?: number | null };
  const stored = { nombre: item.documento_nombre ?? null, bytes: item.documento_bytes ?? null };

  return (
    <FormDialog {...dialogProps} title={current ? 'Editar documento' : 'Nuevo documento'}>
      {justCreated ? (
        <p role="status" className="rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900">
          Documento guardado. Ahora puede adjuntar el archivo.
        </p>
      ) : null}
      <TextField label="Título" name="titulo" required autoFocus maxLength={500} {...form.bind('titulo')} />
      <TextAreaField label="Comentario" maxLength={500} {...form.bind('comentario')} />
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
