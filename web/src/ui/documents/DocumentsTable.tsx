import { download } from '../../api/client';
import { useErrorDialog } from '../dialogs/useErrorDialog';
import { FilePicker } from '../file-picker/FilePicker';
import { CellInput } from '../form/CellInput';
import { RemoveRowButton } from '../form/RemoveRowButton';

/** What a form's documents accept: photos of the failure, reports, quotes, invoices — the server's
 * policy (services/api/platform/upload/documentRows.ts DOCUMENT_POLICY: pdf, images, Excel up to
 * 10 240 KB). */
export const DOCUMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.xls,.xlsx,application/pdf,image/jpeg,image/png,image/webp,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCUMENT_MAX_KB = 10_240;

/** A row of a documents table: a saved one (id > 0) has its stored file's address and name; a new
 * one takes a file. */
export type DocumentRow = { key: string; id: number; observaciones: string; file: File | null; url: string; nombre: string };

type Props<R extends DocumentRow> = {
  rows: R[];
  locked: boolean;
  /** The key of the row being removed on the server. */
  removing: string | null;
  onRemove(row: R): void;
  onChange(key: string, patch: Partial<Pick<DocumentRow, 'file' | 'observaciones'>>): void;
  /** The field error of the row shown at `index` ('pic', 'observaciones'). */
  errorOf(index: number, field: 'pic' | 'observaciones'): string | undefined;
};

/** Documentos: a new row takes a file and its observations; a saved row shows its file (downloaded
 * with the session's token) and its observations, read-only — to change a saved document it is
 * removed and added again. Used by the work order and the purchase request. */
export function DocumentsTable<R extends DocumentRow>({ rows, locked, removing, onRemove, onChange, errorOf }: Props<R>) {
  const { showError } = useErrorDialog();
  return (
    <ol className="divide-y divide-slate-100">
      {rows.map((d, i) => {
        const n = i + 1;
        return (
          <li key={d.key} className="grid gap-3 px-4 py-3 sm:grid-cols-[2rem_minmax(0,22rem)_minmax(0,1fr)_2rem] sm:items-start">
            <span className="pt-2 text-sm text-slate-500 tabular-nums">{n}</span>
            <div>
              {d.id > 0 ? (
                <button
                  type="button"
                  onClick={async () => {
                    const r = await download(d.url, undefined, d.nombre);
                    if (!r.ok) await showError({ message: r.msg });
                  }}
                  disabled={!d.url}
                  className="inline-flex max-w-full items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-teal-800 hover:bg-teal-50 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                >
                  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 shrink-0">
                    <path d="M3 3.5A1.5 1.5 0 0 1 4.5 2h6.879a1.5 1.5 0 0 1 1.06.44l4.122 4.12A1.5 1.5 0 0 1 17 7.622V16.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 16.5v-13Z" />
                  </svg>
                  <span className="truncate">{d.nombre || 'Archivo'}</span>
                </button>
              ) : (
                <FilePicker
                  label={`Archivo (fila ${n})`}
                  accept={DOCUMENT_ACCEPT}
                  maxKb={DOCUMENT_MAX_KB}
                  value={d.file}
                  onFile={(file) => onChange(d.key, { file })}
                  disabled={locked}
                  error={errorOf(i, 'pic')}
                />
              )}
            </div>
            {d.id > 0 ? (
              <p className="py-2 text-sm break-words text-slate-700">{d.observaciones || <span className="text-slate-500">Sin observaciones</span>}</p>
            ) : (
              <CellInput
                label={`Observaciones (fila ${n})`}
                placeholder="Observaciones"
                value={d.observaciones}
                maxLength={500}
                disabled={locked}
                onChange={(v) => onChange(d.key, { observaciones: v })}
                error={errorOf(i, 'observaciones')}
              />
            )}
            <div>{!locked ? <RemoveRowButton label={`Eliminar fila ${n}`} busy={removing === d.key} onClick={() => onRemove(d)} /> : null}</div>
          </li>
        );
      })}
    </ol>
  );
}
