import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { Spinner } from '../../../ui/dialogs/Spinner';

type Props = {
  dirty: boolean;
  readOnly: boolean;
  /** The save under way: 0 Guardar, 1 Enviar. */
  saving: 0 | 1 | null;
  onBack(): void;
  onSave(terminado: 0 | 1): void;
};

/** The bar at the foot of the request form, always in view: 'Hay cambios sin guardar.', Volver,
 * and for an editable request Guardar and Enviar (each with its spinner while it runs; all wait
 * during a save). */
export function RequestActionBar({ dirty, readOnly, saving, onBack, onSave }: Props) {
  const busy = saving !== null;
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-col-reverse gap-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur sm:flex-row sm:items-center sm:justify-end">
      <p className="text-sm text-slate-500 sm:me-auto" aria-live="polite">
        {dirty && !readOnly ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
      </p>
      <button type="button" className={SECONDARY_BUTTON} onClick={onBack} disabled={busy}>
        Volver
      </button>
      {!readOnly ? (
        <>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => onSave(0)} disabled={busy}>
            {saving === 0 ? <Spinner className="size-4" /> : null}
            Guardar
          </button>
          <button type="button" className={PRIMARY_BUTTON} onClick={() => onSave(1)} disabled={busy} title="Guardar y enviar la solicitud">
            {saving === 1 ? <Spinner className="size-4" /> : null}
            Enviar
          </button>
        </>
      ) : null}
    </div>
  );
}
