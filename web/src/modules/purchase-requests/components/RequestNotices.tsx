import type { FormItem } from '../requestTypes';
import { isSaved } from '../internal/requestValues';
import { ReasonNotice } from './PageHead';

type Props = {
  item: FormItem;
  canEdit: boolean;
  readOnly: boolean;
  productsLocked: boolean;
  /** Another user changed the request since it was loaded. */
  stale: boolean;
  onReload(): void;
};

/** What the request form says on top: the observation or rejection reason, why it cannot be
 * changed (no right, already sent, the products of its work order), and another user's change with
 * 'Recargar'. */
export function RequestNotices({ item, canEdit, readOnly, productsLocked, stale, onReload }: Props) {
  const saved = isSaved(item) ? item : null;
  const lockedNotice = !canEdit
    ? 'Solo lectura: no tiene permiso para modificar solicitudes.'
    : item.editable !== 1
      ? 'Esta solicitud ya se envió: no se puede modificar.'
      : productsLocked && !readOnly
        ? 'Los productos de una solicitud de compra generada desde su orden de trabajo son los de la orden.'
        : '';
  return (
    <>
      {saved?.estado === 8 && saved.motivo_observado ? <ReasonNotice title="Solicitud observada por el almacén central" text={saved.motivo_observado} tone="amber" /> : null}
      {saved?.estado === 6 && saved.motivo_rechazo ? <ReasonNotice title="Solicitud rechazada" text={saved.motivo_rechazo} tone="red" /> : null}
      {lockedNotice ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {lockedNotice}
        </p>
      ) : null}
      {stale ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Otro usuario modificó esta solicitud.
          <button type="button" className="font-semibold underline" onClick={onReload}>
            Recargar
          </button>
        </div>
      ) : null}
    </>
  );
}
