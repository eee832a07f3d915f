import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { moduleRights, useMe } from '../../../session/useMe';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useErrorDialog } from '../../../ui/dialogs/useErrorDialog';
import { RecordHistoryPanel } from '../../../ui/history/RecordHistoryPanel';
import { FilterBar } from '../../../ui/list/FilterBar';
import { useSetSearch } from '../../../ui/list/listSearch';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { recordMenu } from '../../../ui/resource/recordMenu';
import { useLive } from '../../../ui/resource/useLive';
import { useRecordActions } from '../../../ui/resource/useRecordActions';
import { useWrite } from '../../../ui/resource/useWrite';
import { normalizeText } from '@shared/text';
import { Select } from '../../../ui/select/Select';
import { MSG_UPDATED } from '@shared/messages';
import { useToast } from '../../../ui/toast/useToast';
import { ModuleDialog } from './ModuleDialog';
import type { ModuleNode } from '../internal/moduleNode';
import { DEFAULT_TYPE, modules, modulesTree, sortedTree } from '../modules.resource';
import { ModuleTree } from './ModuleTree';
import { resortItems } from '../internal/resortItems';
import { USER_TYPES } from '../internal/userTypes';

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

/** /modules (seed 000 §2): the menu of a user type, ordered by drag and drop one level deep, with
 * enable, disable, edit and new entries. Rules:
 * - the edit right on /modules gates 'Nuevo', the row actions and the handles;
 * - a drop saves at once (`POST /modules/resort` with every entry's parent and position); the new
 *   order shows at once, the server's reply replaces it, and `['me']` is invalidated so the
 *   sidebar follows; a failure shows the error and reloads the server's order;
 * - the search box filters by name or url; reordering is off while it filters (the hidden
 *   entries would lose their place);
 * - another user's change (live topic 'module') reloads the tree, after the drop if a drag is on. */
export function ModulesPage({ search }: { search: SearchOf<typeof modules> }) {
  const setSearch = useSetSearch<SearchOf<typeof modules>>();
  const idTypeUser = search.id_type_user ?? DEFAULT_TYPE;
  const rights = moduleRights(useMe().data, '/modules');
  const queryClient = useQueryClient();
  const { show } = useToast();
  const { showError } = useErrorDialog();
  const [editing, setEditing] = useState<{ id: number; parent: number | null } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [history, setHistory] = useState<number | null>(null);
  const tree = modulesTree(search);
  const treeKey = tree.queryKey;

  const modulesQuery = useQuery(tree);
  const { act } = useRecordActions(modules);
  // Not while a drag is on: another user's change reloads the tree after the drop.
  useLive({ topics: modules.topics, keys: [modules.keys.all], mode: modules.live, hold: dragging });
  const { write, pending: saving } = useWrite(modules.invalidates);

  const needle = typeof search.query === 'string' ? normalizeText(search.query.trim()) : '';
  const groups = modulesQuery.data;
  const shown = useMemo(() => (groups && needle ? filtered(groups, needle) : (groups ?? [])), [groups, needle]);
  // Only groups and collapses hold entries (a top-level item, link or divider does not).
  const groupOptions = useMemo(
    () => (groups ?? []).filter((g) => g.type === 'group' || g.type === 'collapse').map((g) => ({ value: g.id, label: g.name })),
    [groups],
  );
  const canSort = rights.edit && !needle && !saving;

  async function reorder(next: ModuleNode[]) {
    // Optimistic: the dropped order stays on screen while it is saved.
    queryClient.setQueryData(treeKey, next);
    const r = await write({ path: '/modules/resort', body: { items: resortItems(next) } });
    if (r.envelope.ok) {
      show(r.envelope.msg || MSG_UPDATED, 'success');
      if (Array.isArray(r.envelope.items)) queryClient.setQueryData(treeKey, sortedTree(r.envelope.items as ModuleNode[]));
    } else {
      await queryClient.invalidateQueries({ queryKey: treeKey });
      await showError({ message: r.envelope.msg || undefined });
    }
  }

  let body;
  if (modulesQuery.isPending) {
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
  } else if (modulesQuery.isError) {
    body = (
      <div className="rounded-lg border border-slate-200 bg-white px-3 py-10 text-center shadow-sm">
        <p role="alert" className="text-sm text-rose-700">
          {modulesQuery.error.message}
        </p>
        <button
          type="button"
          onClick={() => void modulesQuery.refetch()}
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
        onDragging={setDragging}
        menuFor={(node, group) => [
          { label: 'Agregar módulo', onClick: () => setEditing({ id: 0, parent: node.id }), hidden: !rights.edit || group !== null },
          ...recordMenu(node, { canEdit: rights.edit, onEdit: () => setEditing({ id: node.id, parent: group?.id ?? null }), act }, { label: 'Historial', onClick: () => setHistory(node.id) }),
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
          <p>{needle ? 'Quite la búsqueda para ordenar el menú.' : 'Arrastre el asa «Mover» (o use el teclado) para ordenar el menú. Los cambios se guardan al soltar.'}</p>
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
