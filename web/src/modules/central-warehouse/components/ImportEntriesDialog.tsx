import { DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { fieldErrors } from '@shared/envelope';
import { formatNumber } from '@shared/money';
import { CloseButton } from '../../../ui/dialogs/CloseButton';
import { DialogFrame } from '../../../ui/dialogs/DialogFrame';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { FilePicker } from '../../../ui/file-picker/FilePicker';
import { SubTable, type SubColumn } from '../../../ui/list/SubTable';
import { useWrite } from '../../../ui/resource/useWrite';
import { centralEntries, entryFiles } from '../centralWarehouse.resource';
import type { ImportReply, InvalidEntryRow } from '../centralWarehouseTypes';

/** The server's limit for the Excel of entries (ENTRIES_FILE_POLICY, 20 MB). */
const MAX_KB = 20 * 1024;
const ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Phase = { step: 'idle' } | { step: 'sending'; sent: number } | { step: 'processing' } | { step: 'done'; reply: ImportReply & { msg: string } } | { step: 'failed'; msg: string };

const cell = (v: string | number | null) => (v === null || v === '' ? '—' : typeof v === 'number' ? formatNumber(v) : v);

const column = (key: keyof InvalidEntryRow, label: string): SubColumn<InvalidEntryRow> => ({ key, label, className: 'whitespace-nowrap', render: (r) => cell(r[key]) });
const INVALID_COLUMNS: SubColumn<InvalidEntryRow>[] = [
  { key: 'fila', label: 'Fila', className: 'whitespace-nowrap', render: (r) => r.fila },
  { key: 'motivo', label: 'Motivo', className: 'min-w-56 text-red-700', render: (r) => cell(r.motivo) },
  column('codigo_obra', 'Obra'),
  column('numero_orden_compra', 'Orden de compra'),
  column('codigo_recurso', 'Código'),
  column('descripcion_recurso', 'Descripción'),
  column('albaran', 'Albarán'),
  column('cantidad', 'Cantidad'),
];

/** 'Importar' (seed 002 §2, L144, L219): an Excel of central entries, a progress bar while it is
 * sent and while the server reads its rows, then the counts and every invalid row with its reason
 * in a table at most 400 px high. The lists refresh once the file is processed (useWrite). */
export function ImportEntriesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const { write } = useWrite([entryFiles.keys.all, centralEntries.keys.all]);
  const running = phase.step === 'sending' || phase.step === 'processing';

  function close() {
    if (running) return;
    setFile(null);
    setPhase({ step: 'idle' });
    onClose();
  }

  async function submit() {
    if (!file || running) return;
    const form = new FormData();
    form.append('archivo', file);
    setPhase({ step: 'sending', sent: 0 });
    const { envelope } = await write({ path: entryFiles.path, body: form, onProgress: (sent) => setPhase(sent >= 1 ? { step: 'processing' } : { step: 'sending', sent }) });
    if (!envelope.ok) {
      setPhase({ step: 'failed', msg: fieldErrors(envelope.errors).archivo || envelope.msg });
      return;
    }
    setPhase({ step: 'done', reply: envelope as unknown as ImportReply & { msg: string } });
  }

  const percent = phase.step === 'sending' ? Math.round(phase.sent * 100) : null;
  return (
    <DialogFrame open={open} onClose={close} size="xl">
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 py-4 ps-5 pe-3 sm:ps-6">
        <DialogTitle className="text-base font-semibold text-slate-900">Importar ingresos al almacén central</DialogTitle>
        <CloseButton onClick={close} />
      </div>
      <div className="space-y-4 px-5 py-4 sm:px-6">
        <p className="text-sm text-slate-600">
          Seleccione el Excel (.xlsx) con las columnas numero, codigo_obra, descripcion_obra, moneda, fecha_desde, fecha_hasta, procedencia, fecha_movimiento, codigo_recurso,
          descripcion_recurso, unidad, albaran, cantidad, importe y numero_orden_compra. Las filas ya ingresadas no se registran dos veces.
        </p>
        <FilePicker accept={ACCEPT} maxKb={MAX_KB} value={file} onFile={(f) => { setFile(f); if (!running) setPhase({ step: 'idle' }); }} disabled={running} label="Archivo Excel" />
        {running && (
          <div className="space-y-1">
            <p className="text-sm text-slate-700" aria-live="polite">
              {phase.step === 'sending' ? `Subiendo archivo… ${percent} %` : 'Procesando filas…'}
            </p>
            <div
              role="progressbar"
              aria-label={phase.step === 'sending' ? 'Subiendo archivo' : 'Procesando filas'}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className={`h-full rounded-full bg-teal-700 transition-all ${percent === null ? 'w-1/3 animate-pulse' : ''}`} style={percent === null ? undefined : { width: `${percent}%` }} />
            </div>
          </div>
        )}
        {phase.step === 'failed' && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {phase.msg}
          </p>
        )}
        {phase.step === 'done' && <ImportResult reply={phase.reply} />}
      </div>
      <div className="flex flex-col-reverse gap-2 rounded-b-lg bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" className={SECONDARY_BUTTON} onClick={close} disabled={running}>
          {phase.step === 'done' ? 'Cerrar' : 'Cancelar'}
        </button>
        {phase.step !== 'done' && (
          <button type="button" className={PRIMARY_BUTTON} onClick={() => void submit()} disabled={!file || running}>
            {running ? 'Importando…' : 'Importar'}
          </button>
        )}
      </div>
    </DialogFrame>
  );
}

function ImportResult({ reply }: { reply: ImportReply & { msg: string } }) {
  const counts = [
    { label: 'Válidos', value: reply.validos, tone: 'text-teal-800' },
    { label: 'Nuevos', value: reply.nuevos, tone: 'text-teal-800' },
    { label: 'Ya ingresados', value: reply.repetidos, tone: 'text-slate-700' },
    { label: 'Inválidos', value: reply.invalidos.length, tone: reply.invalidos.length ? 'text-red-700' : 'text-slate-700' },
  ];
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-slate-800">
        {reply.msg}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map((c) => (
          <div key={c.label} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-500">{c.label}</dt>
            <dd className={`text-lg font-semibold tabular-nums ${c.tone}`}>{formatNumber(c.value, 0)}</dd>
          </div>
        ))}
      </dl>
      {reply.invalidos.length > 0 && <SubTable title="Filas inválidas" rows={reply.invalidos} columns={INVALID_COLUMNS} rowKey={(r) => r.fila} label="Filas inválidas del archivo" maxHeight="400px" />}
    </div>
  );
}
