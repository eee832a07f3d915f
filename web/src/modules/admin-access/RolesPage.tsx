import { RecordHistoryPanel } from '../admin-content/RecordHistoryPanel';
import { useMemo, useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { useToast } from '../../ui/toast/useToast';

import { RoleDialog } from './RoleDialog';
import { useRecordActions } from '../../ui/crud/useRecordActions';
import { USER_TYPES } from './userTypes';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import { useLiveChanges } from '../../ui/list/useLiveChanges';
import type { RoleRow } from '@api/admin/admin-contracts';


/** Seed 000 §2: the profiles list shows 15 rows unless the URL asks for another size. */
const ROLES_PAGE_SIZE = 15;

const typeLabel = (id: number) => USER_TYPES.find((t) => t.value === Number(id))?.label ?? `Tipo ${id}`;

/** /roles (seed 000 §2): the profiles with their type, system-user flag, home module and number of
 * users; edit (the profile form with its permission table), enable, disable and remove for the
 * edit right. Protected profiles (root, admin) show faded and take no actions. */
export function RolesPage() {
  const { search, setSearch } = useListSearch();
  const listSearch = useMemo(() => ({ ...search, limit: search.limit ?? ROLES_PAGE_SIZE }), [search]);
  const query = useList<RoleRow>({ path: '/roles', search: listSearch });
  const rights = moduleRights(useMe().data, '/roles');
  const [editing, setEditing] = useState<number | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const { show } = useToast();
  const act = useRecordActions('/roles', [['list', '/roles'], ['me']]);

  // Another user's change offers a refresh instead of moving rows under the cursor.
  const liveBanner = useLiveChanges(['role'], () => query.refetch());

  // The server sorts profiles by name and by number of users only.
  const columns: DataTableColumn<RoleRow>[] = [
    { key: 'name', label: 'Nombre', sortable: true },
    { key: 'id_type_user', label: 'Tipo', render: (r) => typeLabel(r.id_type_user) },
    { key: 'system_user', label: 'Usuario del sistema', render: (r) => (Number(r.system_user) ? 'Sí' : 'No') },
    { key: 'mo_name', label: 'Inicio', render: (r) => r.mo_name || '—' },
    { key: 'num_users', label: 'Usuarios', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{Number(r.num_users ?? 0)}</span> },
    { key: 'estado', label: 'Estado', render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Perfiles"
        search={listSearch}
        setSearch={setSearch}
        searchPlaceholder="Buscar perfil"
        canCreate={rights.edit}
        onCreate={() => setEditing(0)}
        exportPath="/roles"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <div className="w-full sm:w-40">
            <EstadoFilter value={search.estado} onChange={(estado) => setSearch({ estado })} />
          </div>
        }
      />
      {liveBanner}
      <DataTable<RoleRow>
        label="Perfiles"
        columns={columns}
        query={query}
        search={listSearch}
        setSearch={setSearch}
        rowMenu={(row) => [
          { label: 'Editar', onClick: () => setEditing(row.id), hidden: !rights.edit },
          row.estado === 1
            ? { label: 'Desactivar', onClick: () => void act('disable', row.id), hidden: !rights.edit }
            : { label: 'Activar', onClick: () => void act('enable', row.id), hidden: !rights.edit },
          { label: 'Eliminar', onClick: () => void act('remove', row.id), hidden: !rights.edit },
          { label: 'Historial', onClick: () => setHistory(row.id) },
        ]}
      />
      <RoleDialog id={editing} onClose={() => setEditing(null)} />
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="role" id={history ?? 0} />
    </section>
  );
}
