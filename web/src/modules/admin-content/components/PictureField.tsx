import { useEffect, useState } from 'react';
import { useAuthedBlobUrl } from '../../../api/useAuthedBlobUrl';
import { FieldError } from '../../../ui/dialogs/FieldError';
import { FilePicker } from '../../../ui/file-picker/FilePicker';
import type { PictureChoice } from '../settingsForm';
import { uploadPath } from '../settingsForm';

type Props = {
  label: string;
  accept: string;
  maxKb: number;
  /** The stored picture as the server sends it (`/uploads/{name}`) or null. */
  current: unknown;
  choice: PictureChoice;
  onChange(choice: PictureChoice): void;
  error?: string;
  canEdit: boolean;
  /** 'wide' for a logo, 'square' for a favicon. */
  shape: 'wide' | 'square';
  /** Help under the title (types accepted). */
  hint?: string;
};

/** An object URL for a chosen file, revoked when the file changes or the field goes away. */
function useFileUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

const LINK_BUTTON = 'rounded text-sm font-medium underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/** A settings picture: its preview (the new file, else the stored one, fetched with the session
 * token), the file picker and 'Quitar imagen' (removed on save; 'Deshacer' takes it back). Without
 * the edit right only the preview shows. */
export function PictureField({ label, accept, maxKb, current, choice, onChange, error, canEdit, shape, hint }: Props) {
  const stored = useAuthedBlobUrl(uploadPath(current));
  const chosen = useFileUrl(choice.file);
  const hasStored = uploadPath(current) !== null;
  const preview = chosen ?? (choice.remove ? null : stored);
  const state = choice.file ? 'Vista previa del archivo elegido (se guardará al pulsar Guardar).' : choice.remove ? 'Se quitará al guardar.' : hasStored ? 'Imagen actual.' : 'Sin imagen.';
  const box = shape === 'wide' ? 'h-24 w-full max-w-60' : 'size-24';
  const errorId = `${label}-picture-error`.replace(/\s+/g, '-').toLowerCase();

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      {hint ? <p className="mb-3 text-xs text-slate-500">{hint}</p> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex shrink-0 flex-col items-start gap-2">
          <div
            className={`${box} flex items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50 p-2`}
          >
            {preview ? (
              <img src={preview} alt={choice.file ? `Vista previa: ${label.toLowerCase()}` : `${label} actual`} className="max-h-full max-w-full object-contain" />
            ) : (
              <span className="text-xs text-slate-500">Sin imagen</span>
            )}
          </div>
          <p className="text-xs text-slate-500" aria-live="polite">
            {state}
          </p>
          {canEdit && !choice.file && hasStored ? (
            choice.remove ? (
              <button type="button" className={`${LINK_BUTTON} text-teal-700`} onClick={() => onChange({ file: null, remove: false })}>
                Deshacer
              </button>
            ) : (
              <button type="button" className={`${LINK_BUTTON} text-red-700`} onClick={() => onChange({ file: null, remove: true })}>
                Quitar imagen
              </button>
            )
          ) : null}
        </div>
        {canEdit ? (
          <div className="min-w-0 flex-1">
            <FilePicker accept={accept} maxKb={maxKb} value={choice.file} onFile={(file) => onChange({ file, remove: false })} error={error} />
          </div>
        ) : (
          <FieldError id={errorId} message={error} />
        )}
      </div>
    </fieldset>
  );
}
