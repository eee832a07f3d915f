import { RecordHistoryPanel } from '../admin-content/RecordHistoryPanel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { api, fetchOk } from '../../api/client';
import { moduleRights, useMe } from '../../session/useMe';
import { useLiveTopic } from '../../shell/live/useLiveTopic';
import { Spinner } from '../../ui/dialogs/Spinner';
import { useErrorDialog } from '../../ui/dialogs/useErrorDialog';
import { FilterBar } from '../../ui/list/FilterBar';
import { useListSearch } from '../../ui/list/useListSearch';
import { Select } from '../../ui/select/Select';
import { useToast } from '../../ui/toast/useToast';
import { ModuleDialog } from './ModuleDialog';
import type { ModuleNode } from './moduleNode';
import { ModuleTree } from './ModuleTree';
import { resortItems } from './resortItems';
import { useRecordActions } from '../../ui/crud/useRecordActions';
import { USER_TYPES } from './userTypes';
import { normalizeText } from '@shared/text';
import { MSG_UPDATED } from '@shared/messages';

/** Seed 000 §2: the user-type filter starts at 1. */
const DEFAULT_TYPE = 1;

const byOrden = (a: ModuleNode, b: ModuleNode) => (a.orden ?? 0) - (b.orden ?? 0);

/** The reply's tree in `orden` order at both levels. */
function sorted(items: ModuleNode[]): ModuleNode[] {
  return [...items].sort(byOrden).map((g) => ({ ...g, children: [...(g.children ?? [])].sort(byOrden) }));
}

/** Groups whose name matches keep all their modules; otherwise only the matching modules (name or
 * url) stay, and a group without any is left out. */
function filtered(groups: ModuleNode[], needle: string): ModuleNode[] {
  const hit = (n: ModuleNode) => normalizeText(n.name).includes(needle) || normalizeText(n.url ?? '').includes(needle);
  return groups.flatMap((g) => {
    if (hit(g)) return [g];
    const children = (g.children ?? []).filter(hit);
    return children.length ? [{ ...g, children }] : [];
  });
}

function toTypeId(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_TYPE;
}

/** /modules (seed 000 §2): the menu of a user type, ordered by drag and drop one level deep, with
 * enable, disable, edit and new entries. Rules:
 * - the edit right on /modules gates 'Nuevo', the row actions and the handles;
 * - a drop saves at once (`POST /modules/resort` with every entry's parent and position); the new
 *   order shows at once, the server's reply replaces it, and `['me']` is invalidated so the
 *   sidebar follows; a failure shows the error and reloads the server's order;
 * - the search box filters by name or url; reordering is off while it filters (the hidden
 *   entries would lose their place);
 * - another user's change (live topic 'module') reloads the tree, after the drop if a drag is on. */
export function ModulesPage() {
  const { search, setSearch } = useListSearch();
  const idTypeUser = toTypeId(search.id_type_user);
  const rights = moduleRights(useMe().data, '/modules');
  const queryClient = useQueryClient();
  const { show } = useToast();
  const { showError } = useErrorDialog();
  const [editing, setEditing] = useState<{ id: number; parent: number | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState<number | null>(null);
  const dragging = useRef(false);
  const staleWhileDragging = useRef(false);
  const key = useMemo(() => ['modules', idTypeUser] as const, [idTypeUser]);

  const modules = useQuery({
    queryKey: key,
    queryFn: async () => sorted((await fetchOk<{ items: ModuleNode[] }>('GET', '/modules', { id_type_user: idTypeUser })).items ?? []),
  });
  const act = useRecordActions('/modules', [['modules'], ['me']]);

  useLiveTopic(['module'], () => {
    if (dragging.current) staleWhileDragging.current = true;
    else void queryClient.invalidateQueries({ queryKey: ['modules'] });
  });

  const needle = typeof search.query === 'string' ? normalizeText(search.query.trim()) : '';
  const groups = modules.data;
  const shown = useMemo(() => (groups && needle ? filtered(groups, needle) : (groups ?? [])), [groups, needle]);
  // Only groups and collapses hold entries (a top-level item, link or divider does not).
  const groupOptions = useMemo(
    () => (groups ?? []).filter((g) => g.type === 'group' || g.type === 'collapse').map((g) => ({ value: g.id, label: g.name })),
    [groups],
  );
  const canSort = rights.edit && !needle && !saving;

  async function reorder(next: ModuleNode[]) {
    // Optimistic: the dropped order stays on screen while it is saved.
    queryClient.setQueryData(key, next);
    setSaving(true);
    const r = await api.post('/modules/resort', { items: resortItems(next) });
    setSaving(false);
    if (r.envelope.ok) {
      show(r.envelope.msg || MSG_UPDATED, 'success');
      if (Array.isArray(r.envelope.items)) queryClient.setQueryData(key, sorted(r.envelope.items as ModuleNode[]));
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    } else {
      await queryClient.invalidateQueries({ queryKey: key });
      await showError({ message: r.envelope.msg || undefined });
    }
  }

  function onDragging(active: boolean) {
    dragging.current = active;
    if (!active && staleWhileDragging.current) {
      staleWhileDragging.current = false;
      // After our own save (if any) settles, the refetch brings the other user's change.
      if (!saving) void queryClient.invalidateQueries({ queryKey: ['modules'] });
    }
  }

  let body;
  if (modules.isPending) {
    body = (
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="h-3 w-40 animate-pulse rounded bg-slate-200" />
            <div className="mt-4 h-3 w-64 animate-pulse rounded bg-slate-100" />
            <div className="mt-3 h-3 w-52 animate-pulse rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    );
  } else if (modules.isError) {
    body = (
      <div className="rounded-lg border border-slate-200 bg-white px-3 py-10 text-center shadow-sm">
        <p role="alert" className="text-sm text-rose-700">
          {modules.error.message}
        </p>
        <button
          type="button"
          onClick={() => void modules.refetch()}
          className="mt-3 inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          Reintentar
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = <p className="rounded-lg border border-slate-200 bg-white px-3 py-10 text-center text-sm text-slate-500 shadow-sm">No hay contenido para mostrar.</p>;
  } else {
    body = (
      <ModuleTree
        groups={shown}
        canSort={canSort}
        forceOpen={Boolean(needle)}
        onReorder={(next) => void reorder(next)}
        onDragging={onDragging}
        menuFor={(node, group) => [
          { label: 'Agregar módulo', onClick: () => setEditing({ id: 0, parent: node.id }), hidden: !rights.edit || group !== null },
          { label: 'Editar', onClick: () => setEditing({ id: node.id, parent: group?.id ?? null }), hidden: !rights.edit },
          node.estado === 1
            ? { label: 'Desactivar', onClick: () => void act('disable', node.id), hidden: !rights.edit }
            : { label: 'Activar', onClick: () => void act('enable', node.id), hidden: !rights.edit },
          { label: 'Eliminar', onClick: () => void act('remove', node.id), hidden: !rights.edit },
          { label: 'Historial', onClick: () => setHistory(node.id) },
        ]}
      />
    );
  }

  return (
    <section className="space-y-4">
      <FilterBar
        title="Módulos"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Buscar módulo o url"
        canCreate={rights.edit}
        onCreate={() => setEditing({ id: 0, parent: null })}
        fields={
          <div className="w-full sm:w-52">
            <Select<number>
              label="Tipo de usuario"
              items={USER_TYPES}
              value={idTypeUser}
              onChange={(value) => setSearch({ id_type_user: value === null || value === DEFAULT_TYPE ? undefined : value })}
            />
          </div>
        }
      />
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 px-1 text-sm text-slate-600" aria-live="polite">
        {rights.edit ? (
          <p>{needle ? 'Quita la búsqueda para ordenar el menú.' : 'Arrastra el asa «Mover» (o usa el teclado) para ordenar el menú. Los cambios se guardan al soltar.'}</p>
        ) : (
          <p>Orden del menú para este tipo de usuario.</p>
        )}
        {saving ? (
          <span className="inline-flex items-center gap-2 text-teal-800">
            <Spinner className="size-4" /> Guardando orden…
          </span>
        ) : null}
      </div>
      {body}
      <ModuleDialog
        id={editing?.id ?? null}
        defaultParent={editing?.parent ?? null}
        idTypeUser={idTypeUser}
        groups={groupOptions}
        onClose={() => setEditing(null)}
      />
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="module" id={history ?? 0} />
    </section>
  );
}
