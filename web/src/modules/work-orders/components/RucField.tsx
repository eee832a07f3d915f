import { useState } from 'react';
import { fieldErrors } from '../../../api/envelope';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { TextField } from '../../../ui/dialogs/TextField';
import { ask } from '../../../api/typed';

type Props = {
  ruc: string;
  razonSocial: string;
  onRuc(value: string): void;
  onRazonSocial(value: string): void;
  /** A lookup's refusal ('No se encontró el RUC…') goes under the RUC field. */
  onError(message: string): void;
  rucError?: string;
  razonSocialError?: string;
  disabled: boolean;
};

/** RUC del tercero with 'Buscar' (seed 001 §2, §7): GET /ordenes_trabajo/consultarRuc fills the
 * business name from item.nombre; an invalid or unknown RUC shows the server's message under the
 * field and the name stays editable. Enter in the RUC field searches. */
export function RucField({ ruc, razonSocial, onRuc, onRazonSocial, onError, rucError, razonSocialError, disabled }: Props) {
  const [busy, setBusy] = useState(false);

  async function search() {
    if (busy || disabled) return;
    const value = ruc.trim();
    if (!/^\d{11}$/.test(value)) {
      onError('El RUC tiene 11 dígitos');
      return;
    }
    setBusy(true);
    const r = await ask('/ordenes_trabajo/consultarRuc', { ruc: value });
    setBusy(false);
    const item = r.envelope.item as { nombre?: string } | undefined;
    if (r.envelope.ok && item?.nombre) onRazonSocial(item.nombre);
    else onError(fieldErrors(r.envelope.errors).tercero_ruc || r.envelope.msg);
  }

  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      <div className="flex items-start gap-2">
        <TextField
          className="min-w-0 flex-1"
          label="RUC del tercero"
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          value={ruc}
          onChange={(v) => onRuc(v.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
          error={rucError}
          disabled={disabled}
        />
        <button
          type="button"
          onClick={() => void search()}
          disabled={disabled || busy}
          className="mt-6 inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-teal-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? <Spinner className="size-4" /> : null}
          Buscar
        </button>
      </div>
      <TextField label="Razón social del tercero" maxLength={500} value={razonSocial} onChange={onRazonSocial} error={razonSocialError} disabled={disabled} />
    </div>
  );
}
