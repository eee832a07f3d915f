import { useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { RecordHistoryPanel } from '../../ui/history/RecordHistoryPanel';
import type { DataTableColumn } from '../../ui/list/DataTable';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { recordMenu } from '../../ui/resource/recordMenu';
import { useResourceList } from '../../ui/resource/useResourceList';
import { RoleDialog } from './RoleDialog';
import { roles, type RoleRow } from './roles.resource';
import { USER_TYPES } from './userTypes';

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
  const rights = moduleRights(useMe().data, '/roles');
  const [editing, setEditing] = useState<number | null>(null);
  const [history, setHistory] = useState<number | null>(null);

  return (
    <ListPage
      list={list}
      title="Perfiles"
      searchPlaceholder="Buscar perfil"
      canCreate={rights.edit}
      onCreate={() => setEditing(0)}
      filters={
        <div className="w-full sm:w-40">
          <EstadoFilter value={search.estado} onChange={(estado) => list.setSearch({ estado })} />
        </div>
      }
      columns={columns}
      rowMenu={(row) => recordMenu(row, { canEdit: rights.edit, onEdit: () => setEditing(row.id), act: list.act }, { label: 'Historial', onClick: () => setHistory(row.id) })}
    >
      <RoleDialog id={editing} onClose={() => setEditing(null)} />
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="role" id={history ?? 0} />
    </ListPage>
  );
}
