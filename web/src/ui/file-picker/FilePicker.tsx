import { useId, useRef, useState, type DragEvent } from 'react';
import { CloseButton } from '../dialogs/CloseButton';
import { FieldError } from '../dialogs/FieldError';
import { acceptsFile } from './acceptsFile';
import { formatFileSize } from './formatFileSize';

type Props = {
  /** As the input's `accept` ("image/jpeg,image/png", ".pdf"); dropped files are checked too. */
  accept?: string;
  /** Largest size allowed, in KB (1 KB = 1024 bytes), as the server's upload policy. */
  maxKb: number;
  onFile(file: File | null): void;
  label?: string;
  /** The chosen file when the caller keeps it; leave undefined to let the picker keep it. */
  value?: File | null;
  disabled?: boolean;
  /** An error from the server (e.g. fieldErrors(envelope.errors).pic_firma). */
  error?: string;
};

/** A file field: a drop zone with a 'Seleccionar archivo' button. Rules:
 * - a file over `maxKb * 1024` bytes is refused here with `Archivo muy pesado, el límite es de
 *   {maxKb} KB.` (the server's words), an empty one with 'El archivo está vacío.' and one outside
 *   `accept` with 'Tipo de archivo no permitido.'; a refused file calls `onFile(null)` so no stale
 *   choice stays selected;
 * - an accepted file calls `onFile(file)` and shows its name and size; 'Quitar archivo' clears it;
 * - only the first file of a multi-file drop is taken; the same file can be chosen twice in a row. */
export function FilePicker({ accept, maxKb, onFile, label, value, disabled = false, error }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const [own, setOwn] = useState<File | null>(null);
  const [refusal, setRefusal] = useState('');
  const file = value !== undefined ? value : own;
  const shownError = refusal || error || '';

  function take(candidate: File | undefined) {
    if (!candidate) return;
    const problem =
      candidate.size > maxKb * 1024
        ? `Archivo muy pesado, el límite es de ${maxKb} KB.`
        : candidate.size === 0
          ? 'El archivo está vacío.'
          : !acceptsFile(candidate, accept)
            ? 'Tipo de archivo no permitido.'
            : '';
    setRefusal(problem);
    const chosen = problem ? null : candidate;
    setOwn(chosen);
    onFile(chosen);
  }

  function clear() {
    setRefusal('');
    setOwn(null);
    onFile(null);
  }

  function onDrag(event: DragEvent<HTMLDivElement>, step: 1 | -1 | 0) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    if (step === 0) event.dataTransfer.dropEffect = 'copy';
    depth.current = Math.max(depth.current + step, 0);
    setDragging(depth.current > 0);
  }

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      {label ? (
        <p id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </p>
      ) : null}
      <div
        role="group"
        aria-labelledby={label ? labelId : undefined}
        onDragEnter={(e) => onDrag(e, 1)}
        onDragLeave={(e) => onDrag(e, -1)}
        onDragOver={(e) => onDrag(e, 0)}
        onDrop={(e) => {
          if (disabled || !e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          depth.current = 0;
          setDragging(false);
          take(e.dataTransfer.files[0]);
        }}
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors ${
          disabled ? 'border-slate-200 bg-slate-50 opacity-60' : dragging ? 'border-teal-600 bg-teal-50' : shownError ? 'border-red-300 bg-white' : 'border-slate-300 bg-white'
        }`}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" className={`size-8 ${dragging ? 'text-teal-600' : 'text-slate-400'}`}>
          <path strokeLinecap="round" strokeLinejoin="round" d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5" />
        </svg>
        <p className="text-sm text-slate-600">Arrastre un archivo aquí o</p>
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-teal-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed"
        >
          Seleccionar archivo
        </button>
        <p id={hintId} className="text-xs text-slate-500">
          Tamaño máximo: {maxKb} KB
        </p>
        <input
          ref={input}
          type="file"
          accept={accept}
          disabled={disabled}
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {file ? (
        <div className="mt-2 flex items-center gap-3 rounded-md bg-slate-50 py-2 ps-3 pe-2 text-sm ring-1 ring-slate-200">
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5 shrink-0 text-slate-400">
            <path d="M3 3.5A1.5 1.5 0 0 1 4.5 2h6.879a1.5 1.5 0 0 1 1.06.44l4.122 4.12A1.5 1.5 0 0 1 17 7.622V16.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 16.5v-13Z" />
          </svg>
          <span className="min-w-0 flex-1 truncate text-slate-800" title={file.name}>
            {file.name}
          </span>
          <span className="shrink-0 text-slate-500 tabular-nums">{formatFileSize(file.size)}</span>
          <CloseButton label="Quitar archivo" size="sm" disabled={disabled} onClick={clear} className="shrink-0 hover:bg-slate-200" />
        </div>
      ) : null}
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}
