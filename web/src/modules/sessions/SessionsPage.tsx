import { formatDateTime } from '@shared/time';
import type { DataTableColumn } from '../../ui/list/DataTable';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { useResourceList } from '../../ui/resource/useResourceList';
import { SelectFilter } from '../../ui/resource/SelectFilter';
import { sessions, type SessionRow } from './sessions.resource';

const when = (value: string | null) => (value ? <span dir="ltr">{formatDateTime(value)}</span> : '—');

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

const STATES = [
  { value: '1', label: 'Abiertas' },
  { value: '0', label: 'Cerradas' },
];

/** /sessions (seed 000 §2): every session with its device; closing one makes its token useless at
 * once and disconnects its sockets (the edit right on the module). */
export function SessionsPage({ search }: { search: SearchOf<typeof sessions> }) {
  const list = useResourceList(sessions, search);

  const close = (row: SessionRow) =>
    list.run({ call: { method: 'GET', path: '/sessions/remove', query: { id: row.id } }, confirm: { message: `Se cerrará la sesión de ${row.user_name}. ¿Está seguro?` } });

  return (
    <ListPage
      list={list}
      title="Sesiones"
      searchPlaceholder="Buscar usuario o dispositivo"
      showDates
      filters={
        <SelectFilter list={list} name="activas" label="Estado" items={STATES} placeholder="Todas" className="w-44" />
      }
      columns={columns}
      rowKey={(r) => r.id}
      rowMenu={(row) => [{ label: 'Cerrar sesión', onClick: () => void close(row), hidden: !list.rights.edit || Boolean(row.date_deleted) }]}
    />
  );
}
