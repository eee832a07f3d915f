import { RecordHistoryPanel } from '../admin-content/RecordHistoryPanel';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { accounts } from '../../session/accounts';
import { moduleRights, useMe } from '../../session/useMe';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { useErrorDialog } from '../../ui/dialogs/useErrorDialog';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useToast } from '../../ui/toast/useToast';

import { UserDialog } from './UserDialog';
import { useRecordActions } from '../../ui/crud/useRecordActions';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import { useLiveChanges } from '../../ui/list/useLiveChanges';
import { formatDateTime } from '@shared/time';
import type { UserRow } from '@api/admin/users/user-contracts';


const dash = (value: string | null | undefined) => (value ? value : '—');

function positiveId(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** /users (seed 000 §2): users and workers with name, surname, sites, profile, e-mail, all sites,
 * state, phone and creation date; filters by profile and state. Row actions for the edit right:
 * Editar, Activar/Desactivar, Eliminar; and, for root and admin profiles only, 'Iniciar sesión
 * como', which after its confirmation stores the other user's session as one more account
 * (`accounts.add`, so the account switcher offers both) and goes to '/'. */
export function UsersPage() {
  const { search, setSearch } = useListSearch();
  const query = useList<UserRow>({ path: '/users', search });
  const me = useMe().data;
  const rights = moduleRights(me, '/users');
  const mayLoginAs = Boolean(me?.is_admin);
  const [editing, setEditing] = useState<number | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const act = useRecordActions('/users', [['list', '/users']]);

  const liveBanner = useLiveChanges(['user'], () => query.refetch());

  async function loginAs(row: UserRow) {
    if (!(await confirm({ message: `Estás a punto de iniciar sesión como ${row.name}.` }))) return;
    const r = await api.post('/users/loginAs', { id: row.id });
    if (!r.envelope.ok) {
      await showError({ message: r.envelope.msg || undefined });
      return;
    }
    const e = r.envelope as typeof r.envelope & { token: string; id: number; name: string; surname: string };
    accounts.add({ id: Number(e.id), name: String(e.name ?? row.name), surname: String(e.surname ?? row.surname ?? ''), token: e.token });
    await navigate({ to: '/' });
    // Cached data belongs to the previous account: reset it all, active queries refetch.
    await queryClient.resetQueries();
    show(r.envelope.msg || `Ahora usas la cuenta de ${`${e.name ?? row.name} ${e.surname ?? ''}`.trim()}`, r.envelope.msg ? 'success' : 'info');
  }

  const columns: DataTableColumn<UserRow>[] = [
    { key: 'name', label: 'Nombre', sortable: true },
    { key: 'surname', label: 'Apellidos', sortable: true },
    { key: 'sites', label: 'Obras', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.sites ?? undefined}>{dash(r.sites)}</span> },
    { key: 'ro_name', label: 'Perfil', sortable: true, render: (r) => dash(r.ro_name) },
    { key: 'email', label: 'Correo', sortable: true, render: (r) => (r.email ? <span dir="ltr">{r.email}</span> : '—') },
    { key: 'all_works', label: 'Todas las obras', sortable: true, render: (r) => (Number(r.all_works) ? 'Sí' : 'No') },
    { key: 'estado', label: 'Estado', sortable: true, render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
    { key: 'phone', label: 'Teléfono', render: (r) => (r.phone ? <span dir="ltr">{r.phone}</span> : '—') },
    { key: 'date_created', label: 'Creado', sortable: true, render: (r) => <span dir="ltr">{formatDateTime(r.date_created)}</span> },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Usuarios"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Buscar nombre, correo o documento"
        showDates
        canCreate={rights.edit}
        onCreate={() => setEditing(0)}
        exportPath="/users"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <>
            <div className="w-full sm:w-52">
              <SelectLocal<number>
                label="Perfil"
                endpoint="/usuarios/roles"
                placeholder="Todos"
                value={positiveId(search.id_role)}
                onChange={(value) => setSearch({ id_role: value ?? undefined })}
              />
            </div>
            <div className="w-full sm:w-40">
              <EstadoFilter value={search.estado} onChange={(estado) => setSearch({ estado })} />
            </div>
          </>
        }
      />
      {liveBanner}
      <DataTable<UserRow>
        label="Usuarios"
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        rowMenu={(row) => [
          { label: 'Editar', onClick: () => setEditing(row.id), hidden: !rights.edit },
          row.estado === 1
            ? { label: 'Desactivar', onClick: () => void act('disable', row.id), hidden: !rights.edit }
            : { label: 'Activar', onClick: () => void act('enable', row.id), hidden: !rights.edit },
          {
            label: 'Iniciar sesión como',
            onClick: () => void loginAs(row),
            hidden: !mayLoginAs || row.id === me?.data.id || row.can_login_as === false,
          },
          { label: 'Eliminar', onClick: () => void act('remove', row.id), hidden: !rights.edit },
          { label: 'Historial', onClick: () => setHistory(row.id) },
        ]}
      />
      <UserDialog id={editing} canEdit={rights.edit} onClose={() => setEditing(null)} />
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="user" id={history ?? 0} />
    </section>
  );
}
