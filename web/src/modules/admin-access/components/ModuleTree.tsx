import {
  closestCenter,
  DndContext,
  getFirstCollision,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../shell/icons';
import type { ModuleNode } from '../internal/moduleNode';
import { moveModule } from '../internal/moveModule';
import { resortItems } from '../internal/resortItems';
import { RowMenu, type RowMenuItem } from '../../../ui/list/RowMenu';

type Props = {
  groups: ModuleNode[];
  /** Reordering offered: the edit right, no search filter, no save in flight. */
  canSort: boolean;
  /** A drop that changed the order: the whole new tree. */
  onReorder(next: ModuleNode[]): void;
  /** Told when a drag starts and ends (live refreshes wait for the drop). */
  onDragging?(dragging: boolean): void;
  /** Row actions of an entry (its group is null for a group). */
  menuFor(node: ModuleNode, group: ModuleNode | null): RowMenuItem[];
  /** Show every group open (a search filter is on). */
  forceOpen?: boolean;
};

type DragKind = 'group' | 'item';
type Parsed = { kind: 'g' | 'm' | 'z'; id: number };

/** Sortable ids: groups `g:ID`, modules `m:ID`, the drop zone of an empty group `z:ID`. */
const groupKey = (id: number) => `g:${id}`;
const itemKey = (id: number) => `m:${id}`;
const zoneKey = (id: number) => `z:${id}`;
function parse(key: UniqueIdentifier): Parsed {
  const [kind, id] = String(key).split(':');
  return { kind: kind as Parsed['kind'], id: Number(id) };
}

const FOCUS = 'focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const isOn = (flag: number | boolean | undefined) => Boolean(Number(flag ?? 0));

const sameOrder = (a: ModuleNode[], b: ModuleNode[]) => JSON.stringify(resortItems(a)) === JSON.stringify(resortItems(b));

function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <circle cx="7" cy="5" r="1.4" />
      <circle cx="13" cy="5" r="1.4" />
      <circle cx="7" cy="10" r="1.4" />
      <circle cx="13" cy="10" r="1.4" />
      <circle cx="7" cy="15" r="1.4" />
      <circle cx="13" cy="15" r="1.4" />
    </svg>
  );
}

function Badges({ node }: { node: ModuleNode }) {
  return (
    <>
      {isOn(node.root) ? (
        <span className="inline-flex shrink-0 text-amber-600" title="Solo visible para root">
          <Icon name="lock" className="size-4" title="Solo visible para root" />
        </span>
      ) : null}
      {node.estado === 0 ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-rose-200 ring-inset">
          Inactivo
        </span>
      ) : null}
    </>
  );
}

type HandleProps = { handle?: ReturnType<typeof useSortable> | null };

/** The drag handle ('Mover'): a real button, so Tab reaches it and Space/Enter picks it up. */
function Handle({ handle }: HandleProps) {
  if (!handle) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label="Mover"
      title="Mover"
      className={`inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing ${FOCUS}`}
    >
      <GripIcon />
    </button>
  );
}

function SortableModule({ node, group, canSort, dragKind, menuFor }: { node: ModuleNode; group: ModuleNode; canSort: boolean; dragKind: DragKind | null; menuFor: Props['menuFor'] }) {
  const sortable = useSortable({
    id: itemKey(node.id),
    data: { type: 'item' },
    disabled: { draggable: !canSort, droppable: dragKind === 'group' },
    attributes: { roleDescription: 'módulo ordenable' },
  });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`flex min-h-11 items-center gap-2 border-t border-slate-100 bg-white py-1.5 ps-3 pe-2 sm:ps-10 ${
        sortable.isDragging ? 'relative z-20 rounded-md shadow-lg ring-1 ring-teal-600/40' : ''
      }`}
    >
      <Handle handle={canSort ? sortable : null} />
      <span className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md ${node.estado === 0 ? 'bg-slate-50 text-slate-400' : 'bg-teal-50 text-teal-700'}`}>
        <Icon name={node.icon || 'view_module'} className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block truncate text-sm ${node.estado === 0 ? 'text-slate-500' : 'text-slate-800'}`}>{node.name}</span>
        {node.url ? (
          <span dir="ltr" className="block truncate text-start text-xs text-slate-500">
            {node.url}
          </span>
        ) : null}
      </span>
      <Badges node={node} />
      <RowMenu label={`Acciones de ${node.name}`} items={menuFor(node, group)} />
    </li>
  );
}

/** Where a module can be dropped into a group that has none. */
function EmptyGroupZone({ group, active }: { group: ModuleNode; active: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: zoneKey(group.id), data: { type: 'zone' }, disabled: !active });
  return (
    <li
      ref={setNodeRef}
      className={`mx-3 my-2 rounded-md border border-dashed px-3 py-3 text-center text-xs sm:ms-10 ${isOver ? 'border-teal-500 bg-teal-50 text-teal-800' : 'border-slate-300 text-slate-500'}`}
    >
      {active ? 'Suelte aquí el módulo' : 'Sin módulos en este grupo.'}
    </li>
  );
}

function SortableGroup({
  group,
  open,
  onToggle,
  canSort,
  dragKind,
  menuFor,
}: {
  group: ModuleNode;
  open: boolean;
  onToggle(): void;
  canSort: boolean;
  dragKind: DragKind | null;
  menuFor: Props['menuFor'];
}) {
  const listId = useId();
  const sortable = useSortable({
    id: groupKey(group.id),
    data: { type: 'group' },
    disabled: { draggable: !canSort, droppable: dragKind === 'item' },
    attributes: { roleDescription: 'grupo ordenable' },
  });
  const children = group.children ?? [];
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`overflow-hidden rounded-lg border bg-white ${sortable.isDragging ? 'relative z-20 border-teal-600/50 shadow-xl' : 'border-slate-200 shadow-sm'}`}
    >
      <div className="flex min-h-12 items-center gap-2 bg-slate-50/80 py-1.5 ps-2 pe-2">
        <Handle handle={canSort ? sortable : null} />
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={listId}
          className={`flex min-w-0 flex-1 items-center gap-2 rounded-md py-1 text-start ${FOCUS}`}
        >
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={`size-4 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-90' : 'rtl:-scale-x-100'}`}>
            <path fillRule="evenodd" d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0Z" clipRule="evenodd" />
          </svg>
          <span className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md ${group.estado === 0 ? 'bg-slate-100 text-slate-400' : 'bg-white text-slate-600 ring-1 ring-slate-200'}`}>
            <Icon name={group.icon || 'apps'} className="size-4" />
          </span>
          <span className={`min-w-0 truncate text-sm font-semibold ${group.estado === 0 ? 'text-slate-500' : 'text-slate-900'}`}>{group.name}</span>
          <span className="shrink-0 rounded-full bg-slate-200/70 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums" title="Módulos">
            {children.length}
          </span>
        </button>
        <Badges node={group} />
        <RowMenu label={`Acciones de ${group.name}`} items={menuFor(group, null)} />
      </div>
      {open ? (
        <SortableContext id={`group-${group.id}`} items={children.map((c) => itemKey(c.id))} strategy={verticalListSortingStrategy}>
          <ul id={listId} aria-label={`Módulos de ${group.name}`}>
            {children.map((child) => (
              <SortableModule key={child.id} node={child} group={group} canSort={canSort} dragKind={dragKind} menuFor={menuFor} />
            ))}
            {children.length === 0 ? <EmptyGroupZone group={group} active={dragKind === 'item'} /> : null}
          </ul>
        </SortableContext>
      ) : null}
    </li>
  );
}

/** The menu of one user type as groups with their modules, reordered by drag and drop (dnd-kit;
 * seed 000 §2 /modules). Rules:
 * - one level of depth: groups move among groups; modules move inside a group or to another
 *   group (an empty group offers a drop zone); a group never goes into another;
 * - mouse, touch and keyboard: the 'Mover' handle is a button (Space/Enter picks up, arrows
 *   move, Space/Enter drops, Escape cancels), announced in Spanish;
 * - while a drag is on, the tree shown is a draft; a drop that changed the order calls
 *   `onReorder` with the whole tree, and the draft stays on screen until `groups` changes, so the
 *   old order never flashes back while the save is in flight;
 * - without `canSort` there are no handles at all. */
export function ModuleTree({ groups, canSort, onReorder, onDragging, menuFor, forceOpen = false }: Props) {
  const [draft, setDraft] = useState<ModuleNode[] | null>(null);
  const [dragKind, setDragKind] = useState<DragKind | null>(null);
  const [closed, setClosed] = useState<Set<number>>(() => new Set());
  const recentlyMoved = useRef(false);
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const shown = draft ?? groups;

  // A new tree from the server (the save's reply, a refetch) replaces a dropped draft.
  useEffect(() => {
    if (dragKind === null) setDraft(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groups]);

  // After a module changed group, its new place is measured before collisions count again.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      recentlyMoved.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [draft]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const nameOf = useCallback(
    (key: UniqueIdentifier | undefined) => {
      if (key === undefined) return '';
      const { kind, id } = parse(key);
      for (const g of shown) {
        if (g.id === id && kind !== 'm') return kind === 'z' ? `el grupo ${g.name}` : g.name;
        const child = g.children?.find((c) => c.id === id);
        if (child && kind === 'm') return child.name;
      }
      return '';
    },
    [shown],
  );

  const positionOf = useCallback(
    (key: UniqueIdentifier) => {
      const { kind, id } = parse(key);
      if (kind === 'g') return `posición ${shown.findIndex((g) => g.id === id) + 1} de ${shown.length}`;
      const group = shown.find((g) => g.children?.some((c) => c.id === id));
      if (!group) return '';
      return `posición ${group.children!.findIndex((c) => c.id === id) + 1} de ${group.children!.length} en ${group.name}`;
    },
    [shown],
  );

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Se tomó ${nameOf(active.id)}, ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} está sobre ${nameOf(over.id)}.` : `${nameOf(active.id)} no está sobre un lugar válido.`),
    onDragEnd: ({ active, over }) => (over ? `Se soltó ${nameOf(active.id)}.` : `Se soltó ${nameOf(active.id)} sin cambios.`),
    onDragCancel: ({ active }) => `Se canceló el movimiento de ${nameOf(active.id)}.`,
  };

  // Only entries of the kind being dragged (and empty groups for a module) are targets.
  const collisions: CollisionDetection = useCallback((args) => {
    const kind = parse(args.active.id).kind;
    const held = lastOver.current;
    if (recentlyMoved.current && held !== null && args.droppableContainers.some((c) => c.id === held)) return [{ id: held }];
    const droppableContainers = args.droppableContainers.filter((c) => {
      const target = parse(c.id).kind;
      return kind === 'g' ? target === 'g' : target === 'm' || target === 'z';
    });
    const hits = closestCenter({ ...args, droppableContainers });
    const first = getFirstCollision(hits, 'id');
    if (first !== null && first !== undefined) lastOver.current = first;
    return hits;
  }, []);

  function start({ active }: DragStartEvent) {
    setDragKind(parse(active.id).kind === 'g' ? 'group' : 'item');
    setDraft(groups);
    lastOver.current = active.id;
    onDragging?.(true);
  }

  // A module crossing into another group moves there at once, so the lists make room for it.
  function over({ active, over: target }: DragOverEvent) {
    if (!target) return;
    const a = parse(active.id);
    const o = parse(target.id);
    if (a.kind !== 'm' || o.kind === 'g') return;
    setDraft((current) => {
      const tree = current ?? groups;
      const from = tree.findIndex((g) => g.children?.some((c) => c.id === a.id));
      const to = o.kind === 'z' ? tree.findIndex((g) => g.id === o.id) : tree.findIndex((g) => g.children?.some((c) => c.id === o.id));
      if (from < 0 || to < 0 || from === to) return tree;
      // Coming from a group above: before the target; from below: after it.
      const index = o.kind === 'z' ? 0 : tree[to].children!.findIndex((c) => c.id === o.id) + (from > to ? 1 : 0);
      recentlyMoved.current = true;
      return moveModule(tree, a.id, tree[to].id, index);
    });
  }

  function end({ active, over: target }: DragEndEvent) {
    // The draft already holds a module's move to another group; no target keeps it as it is.
    const tree = draft ?? groups;
    let next = tree;
    if (target) {
      const a = parse(active.id);
      const o = parse(target.id);
      if (a.kind === 'g' && o.kind === 'g' && a.id !== o.id) {
        next = arrayMove(
          tree,
          tree.findIndex((g) => g.id === a.id),
          tree.findIndex((g) => g.id === o.id),
        );
      } else if (a.kind === 'm' && o.kind === 'm' && a.id !== o.id) {
        const group = tree.find((g) => g.children?.some((c) => c.id === a.id));
        const children = group?.children ?? [];
        const toIndex = children.findIndex((c) => c.id === o.id);
        if (group && toIndex >= 0) {
          const moved = arrayMove(
            children,
            children.findIndex((c) => c.id === a.id),
            toIndex,
          );
          next = tree.map((g) => (g === group ? { ...g, children: moved } : g));
        }
      }
    }
    setDragKind(null);
    onDragging?.(false);
    if (sameOrder(next, groups)) {
      setDraft(null);
      return;
    }
    setDraft(next);
    onReorder(next);
  }

  function cancel() {
    setDraft(null);
    setDragKind(null);
    onDragging?.(false);
  }

  const allClosed = shown.length > 0 && shown.every((g) => closed.has(g.id));

  return (
    <div className="space-y-3">
      {shown.length > 1 && !forceOpen ? (
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => setClosed(allClosed ? new Set() : new Set(shown.map((g) => g.id)))}
            className={`rounded-md px-2 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50 ${FOCUS}`}
          >
            {allClosed ? 'Expandir todo' : 'Contraer todo'}
          </button>
        </div>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        modifiers={[verticalOnly]}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'Para mover esta entrada pulse espacio o Intro. Mientras la mueve use las flechas arriba y abajo; pulse espacio o Intro para soltarla o Escape para cancelar.',
          },
        }}
        onDragStart={start}
        onDragOver={over}
        onDragEnd={end}
        onDragCancel={cancel}
      >
        <SortableContext id="groups" items={shown.map((g) => groupKey(g.id))} strategy={verticalListSortingStrategy}>
          <ul className="space-y-3" aria-label="Grupos del menú">
            {shown.map((group) => (
              <SortableGroup
                key={group.id}
                group={group}
                open={forceOpen || !closed.has(group.id)}
                onToggle={() =>
                  setClosed((prev) => {
                    const next = new Set(prev);
                    if (!next.delete(group.id)) next.add(group.id);
                    return next;
                  })
                }
                canSort={canSort}
                dragKind={dragKind}
                menuFor={menuFor}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
}

