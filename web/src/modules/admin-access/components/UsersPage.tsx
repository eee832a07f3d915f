import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { accounts } from '../../../session/accounts';
import { formatDateTime } from '@shared/time';
import { RecordHistoryPanel } from '../../../ui/history/RecordHistoryPanel';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { EstadoFilter } from '../../../ui/resource/EstadoFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { UserDialog } from './UserDialog';
import { users, type UserRow } from '../users.resource';

const ltr = (value: string | null) => (value ? <span dir="ltr">{value}</span> : '—');

const columns: DataTableColumn<UserRow>[] = [
  { key: 'name', label: 'Nombre', sortable: true },
  { key: 'surname', label: 'Apellidos', sortable: true },
  { key: 'sites', label: 'Obras', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.sites ?? undefined}>{dash(r.sites)}</span> },
  { key: 'ro_name', label: 'Perfil', sortable: true, render: (r) => dash(r.ro_name) },
  { key: 'email', label: 'Correo', sortable: true, render: (r) => ltr(r.email) },
  { key: 'all_works', label: 'Todas las obras', sortable: true, render: (r) => (Number(r.all_works) ? 'Sí' : 'No') },
  { key: 'estado', label: 'Estado', sortable: true, render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
  { key: 'phone', label: 'Teléfono', render: (r) => ltr(r.phone) },
  { key: 'date_created', label: 'Creado', sortable: true, render: (r) => <span dir="ltr">{formatDateTime(r.date_created)}</span> },
];

/** /users (seed 000 §2): users and workers with name, surname, sites, profile, e-mail, all sites,
 * state, phone and creation date; filters by profile and state. Row actions for the edit right:
 * Editar, Activar/Desactivar, Eliminar; and, where the server allows it (`can_login_as`), 'Iniciar
 * sesión como', which after its confirmation stores the other user's session as one more account
 * (`accounts.add`, so the account switcher offers both) and goes to '/'. */
export function UsersPage({ search }: { search: SearchOf<typeof users> }) {
  const list = useResourceList(users, search);
  const [history, setHistory] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const loginAs = (row: UserRow) =>
    list.run({
      call: { path: '/users/loginAs', body: { id: row.id } },
      confirm: { message: `Estás a punto de iniciar sesión como ${row.name}.` },
      onOk: async ({ envelope }) => {
        const e = envelope as typeof envelope & { token: string; id: number; name: string; surname: string };
        accounts.add({ id: Number(e.id), name: String(e.name ?? row.name), surname: String(e.surname ?? row.surname ?? ''), token: e.token });
        await navigate({ to: '/' });
        // Cached data belongs to the previous account: reset it all, active queries refetch.
        await queryClient.resetQueries();
      },
    });

  return (
    <ListPage
      list={list}
      title="Usuarios"
      searchPlaceholder="Buscar nombre, correo o documento"
      showDates
      filters={
        <>
          <SelectFilter list={list} name="id_role" label="Perfil" endpoint="/usuarios/roles" placeholder="Todos" />
          <EstadoFilter list={list} />
        </>
      }
      columns={columns}
      rowMenu={(row) =>
        list.menu(row, { label: 'Iniciar sesión como', onClick: () => void loginAs(row), hidden: !row.can_login_as }, { label: 'Historial', onClick: () => setHistory(row.id) })
      }
      dialog={(id, close) => <UserDialog id={id} canEdit={list.rights.edit} onClose={close} />}
    >
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="user" id={history ?? 0} />
    </ListPage>
  );
}
