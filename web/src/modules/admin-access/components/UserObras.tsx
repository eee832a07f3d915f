import { useState } from 'react';
import { fetchOk } from '../../../api/client';
import { fieldErrors } from '../../../api/envelope';
import { Icon } from '../../../shell/icons';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { MSG_DELETED, MSG_SAVED } from '@shared/messages';
import { useToast } from '../../../ui/toast/useToast';
import { CONFIRM_MESSAGES } from '@shared/messages';
import { useWrite } from '../../../ui/resource/useWrite';
import { users } from '../users.resource';
import { offersSites } from '../internal/siteAssignment';
import { ADMIN_ROLE_ID } from '@shared/roles';

/** The server's reply type (services/api/admin/users/user-contracts.ts). */
import type { UserObra } from '@shared/contracts/admin-users';

export type { UserObra };


type Props = {
  /** The saved user (0: not saved yet). */
  userId: number;
  /** The profile chosen in the form (not yet saved, maybe). */
  idRole: number | null;
  allWorks: boolean;
  obras: UserObra[];
  onObras(obras: UserObra[]): void;
  canEdit: boolean;
};

/** The reply's `user_obras`, else the user's form read again. */
async function currentObras(reply: Record<string, unknown>, userId: number): Promise<UserObra[] | null> {
  if (Array.isArray(reply.user_obras)) return reply.user_obras as UserObra[];
  const form = await fetchOk<{ item?: { user_obras?: UserObra[] } }>('POST', '/users/form', undefined, { id: userId }).catch(() => null);
  return Array.isArray(form?.item?.user_obras) ? form.item.user_obras : null;
}

/** The 'Obras' section of the worker form: the specific sites with a remove button each, and an
 * add row (company, then site). Rules (seed 000 §5-§6):
 * - not offered for the admin profile ('No se asignan obras al perfil administrador') nor for
 *   root; a new user is saved first;
 * - the site select loads the chosen company's sites, is disabled until a company is chosen and
 *   is cleared whenever the company changes;
 * - adding and removing are saved at once (`/users/formUserObra`, `/users/removeUserObra`), apart
 *   from the form's 'Guardar'; the server's field errors show under the selects. */
export function UserObras({ userId, idRole, allWorks, obras, onObras, canEdit }: Props) {
  const [empresa, setEmpresa] = useState<number | null>(null);
  const [obra, setObra] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const { confirm } = useConfirm();
  const { show } = useToast();
  // Saved at once, apart from the form's 'Guardar'; the users list shows the sites.
  const { write } = useWrite(users.invalidates);

  const heading = <h3 className="text-sm font-semibold text-slate-800">Obras</h3>;
  const note = (text: string) => (
    <section className="space-y-1 rounded-md border border-slate-200 bg-slate-50/60 px-3 py-3" aria-label="Obras">
      {heading}
      <p className="text-sm text-slate-600">{text}</p>
    </section>
  );

  if (!offersSites(idRole)) return note(idRole === ADMIN_ROLE_ID ? 'No se asignan obras al perfil administrador' : 'No se asignan obras al perfil root');
  if (!userId) return note('Guarde el registro para asignarle obras.');

  async function add() {
    const missing: Record<string, string> = {};
    if (!empresa) missing.id_empresa = 'Seleccione una empresa';
    if (!obra) missing.id_obra = 'Seleccione una obra';
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    setNotice('');
    const r = await write({ path: '/users/formUserObra', body: { id_user: userId, id_empresa: empresa, id_obra: obra } });
    if (!r.envelope.ok) {
      setBusy(false);
      const byField = fieldErrors(r.envelope.errors);
      setErrors(byField);
      if (!byField.id_empresa && !byField.id_obra) setNotice(r.envelope.msg);
      return;
    }
    const next = await currentObras(r.envelope, userId);
    setBusy(false);
    if (next) onObras(next);
    setObra(null);
    setErrors({});
    show(r.envelope.msg || MSG_SAVED, 'success');
  }

  async function remove(item: UserObra) {
    if (!(await confirm({ message: CONFIRM_MESSAGES.remove }))) return;
    setBusy(true);
    setNotice('');
    const r = await write({ path: '/users/removeUserObra', body: { id: item.id } });
    if (!r.envelope.ok) {
      setBusy(false);
      setNotice(r.envelope.msg);
      return;
    }
    const next = await currentObras(r.envelope, userId);
    setBusy(false);
    onObras(next ?? obras.filter((o) => o.id !== item.id));
    show(r.envelope.msg || MSG_DELETED, 'success');
  }

  return (
    <section className="space-y-3 rounded-md border border-slate-200 px-3 py-3" aria-label="Obras" aria-busy={busy}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        {busy ? <Spinner className="size-4 text-teal-700" label="Guardando" /> : null}
      </div>
      {allWorks ? <p className="text-xs text-slate-500">Tiene acceso a todas las obras; las obras asignadas se conservan para cuando se desactive esa opción.</p> : null}
      {obras.length === 0 ? (
        <p className="text-sm text-slate-500">Sin obras asignadas.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-100">
          {obras.map((o) => (
            <li key={o.id} className="flex items-center gap-3 px-3 py-2">
              <Icon name="location_city" className="size-4 text-slate-400" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm text-slate-800">{o.nombre_obra}</span>
                <span className="block truncate text-xs text-slate-500">{o.nombre_empresa}</span>
              </span>
              {canEdit ? (
                <button
                  type="button"
                  onClick={() => void remove(o)}
                  disabled={busy}
                  aria-label={`Quitar obra ${o.nombre_obra}`}
                  title="Quitar obra"
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-rose-50 hover:text-rose-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:opacity-50"
                >
                  <Icon name="delete" className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <SelectLocal<number>
            label="Empresa"
            endpoint="/fil_datas/empresas"
            value={empresa}
            onChange={(value) => {
              setEmpresa(value);
              setObra(null); // the old site belongs to the old company
              setErrors({});
            }}
            error={errors.id_empresa}
          />
          <SelectLocal<number>
            label="Obra"
            endpoint="/fil_datas/obras"
            params={empresa ? { id_empresa: empresa } : undefined}
            disabled={!empresa}
            placeholder={empresa ? undefined : 'Elija primero la empresa'}
            value={obra}
            onChange={(value) => {
              setObra(value);
              setErrors(({ id_obra: _gone, ...rest }) => rest);
            }}
            error={errors.id_obra}
          />
          <button
            type="button"
            onClick={() => void add()}
            disabled={busy}
            className="inline-flex h-9 items-center justify-center gap-1.5 rounded-md border border-teal-700 bg-white px-3 text-sm font-medium text-teal-800 shadow-sm hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:opacity-50 sm:mt-6"
          >
            <Icon name="add" className="size-4" />
            Agregar
          </button>
        </div>
      ) : null}
      {notice ? (
        <p role="alert" className="text-xs text-red-600">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
