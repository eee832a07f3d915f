import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { moduleRights, useMe } from '../../session/useMe';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { useErrorDialog } from '../../ui/dialogs/useErrorDialog';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { Select } from '../../ui/select/Select';
import { useToast } from '../../ui/toast/useToast';
import { formatDateTime } from '@shared/time';
import type { SessionRow } from '@api/sessions/session-contracts';


const when = (value: string | null) => (value ? <span dir="ltr">{formatDateTime(value)}</span> : '—');

/** /sessions (seed 000 §2): every session with its device; closing one makes its token useless at
 * once and disconnects its sockets (the edit right on the module). */
export function SessionsPage() {
  const { search, setSearch } = useListSearch();
  const query = useList<SessionRow>({ path: '/sessions', search });
  const rights = moduleRights(useMe().data, '/sessions');
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  const queryClient = useQueryClient();

  async function close(row: SessionRow) {
    if (!(await confirm({ message: `Se cerrará la sesión de ${row.user_name}. ¿Estás seguro?` }))) return;
    const r = await api.get('/sessions/remove', { id: row.id });
    if (r.envelope.ok) show(r.envelope.msg, 'success');
    else await showError({ message: r.envelope.msg });
    await queryClient.invalidateQueries({ queryKey: ['list', '/sessions'] });
  }

  const columns: DataTableColumn<SessionRow>[] = [
    { key: 'user_name', label: 'Usuario', sortable: true, render: (r) => (r.login_as ? `${r.user_name} (iniciada como)` : r.user_name) },
    { key: 'platform', label: 'Plataforma', sortable: true },
    { key: 'language', label: 'Idioma' },
    { key: 'os', label: 'Sistema', render: (r) => `${r.os} ${r.os_version}`.trim() || '—' },
    { key: 'device_model', label: 'Dispositivo', render: (r) => `${r.device_brand} ${r.device_model}`.trim() || '—' },
    { key: 'app_version', label: 'Versión' },
    { key: 'uuid', label: 'UUID', render: (r) => <span className="font-mono text-xs">{r.uuid.slice(0, 8) || '—'}</span> },
    { key: 'date_expiration', label: 'Expira', sortable: true, render: (r) => when(r.date_expiration) },
    { key: 'date_updated', label: 'Actualizado', sortable: true, render: (r) => when(r.date_updated) },
    { key: 'date_deleted', label: 'Eliminado', sortable: true, render: (r) => when(r.date_deleted) },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Sesiones"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Buscar usuario o dispositivo"
        showDates
        exportPath="/sessions"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <div className="w-44">
            <Select
              label="Estado"
              items={[
                { value: '1', label: 'Abiertas' },
                { value: '0', label: 'Cerradas' },
              ]}
              value={search.activas === undefined ? null : String(search.activas)}
              onChange={(value) => setSearch({ activas: value ?? undefined })}
              placeholder="Todas"
              clearable
            />
          </div>
        }
      />
      <DataTable<SessionRow>
        label="Sesiones"
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        rowKey={(r) => r.id}
        rowMenu={(row) => [{ label: 'Cerrar sesión', onClick: () => void close(row), hidden: !rights.edit || Boolean(row.date_deleted) }]}
      />
    </section>
  );
}
