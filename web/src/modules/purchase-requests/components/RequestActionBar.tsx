import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { SaveBar, SaveButton, type SaveBarState } from '../../../ui/form/SaveBar';

/** `saving`: 0 Guardar, 1 Enviar. */
type Props = SaveBarState & { onSave(terminado: 0 | 1): void };

/** The bar at the foot of the request form, always in view: 'Hay cambios sin guardar.', Volver,
 * and for an editable request Guardar and Enviar (each with its spinner while it runs; all wait
 * during a save). */
export function RequestActionBar({ onSave, ...bar }: Props) {
  const { saving } = bar;
  const busy = saving !== null;
  return (
    <SaveBar {...bar} className="flex flex-col-reverse gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-end" noteClassName="text-sm text-slate-500 sm:me-auto">
      <SaveButton className={SECONDARY_BUTTON} onClick={() => onSave(0)} disabled={busy} spinning={saving === 0}>
        Guardar
      </SaveButton>
      <SaveButton className={PRIMARY_BUTTON} onClick={() => onSave(1)} disabled={busy} spinning={saving === 1} title="Guardar y enviar la solicitud">
        Enviar
      </SaveButton>
    </SaveBar>
  );
}
