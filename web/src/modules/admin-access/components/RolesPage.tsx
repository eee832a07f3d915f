import { useState } from 'react';
import { RecordHistoryPanel } from '../../../ui/history/RecordHistoryPanel';
import type { DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { EstadoFilter } from '../../../ui/resource/EstadoFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { RoleDialog } from './RoleDialog';
import { roles, type RoleRow } from '../roles.resource';
import { USER_TYPES } from '../internal/userTypes';

const typeLabel = (id: number) => USER_TYPES.find((t) => t.value === Number(id))?.label ?? `Tipo ${id}`;

// The server sorts profiles by name and by number of users only.
const columns: DataTableColumn<RoleRow>[] = [
  { key: 'name', label: 'Nombre', sortable: true },
  { key: 'id_type_user', label: 'Tipo', render: (r) => typeLabel(r.id_type_user) },
  { key: 'system_user', label: 'Usuario del sistema', render: (r) => (Number(r.system_user) ? 'Sí' : 'No') },
  { key: 'mo_name', label: 'Inicio', render: (r) => r.mo_name || '—' },
  { key: 'num_users', label: 'Usuarios', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{Number(r.num_users ?? 0)}</span> },
  { key: 'estado', label: 'Estado', render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
];

/** /roles (seed 000 §2): the profiles with their type, system-user flag, home module and number of
 * users; edit (the profile form with its permission table), enable, disable and remove for the
 * edit right. Protected profiles (root, admin) show faded and take no actions. */
export function RolesPage({ search }: { search: SearchOf<typeof roles> }) {
  const list = useResourceList(roles, search);
  const [history, setHistory] = useState<number | null>(null);

  return (
    <ListPage
      list={list}
      title="Perfiles"
      searchPlaceholder="Buscar perfil"
      filters={<EstadoFilter list={list} />}
      columns={columns}
      rowMenu={(row) => list.menu(row, { label: 'Historial', onClick: () => setHistory(row.id) })}
      dialog={(id, close) => <RoleDialog id={id} onClose={close} />}
    >
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="role" id={history ?? 0} />
    </ListPage>
  );
}
