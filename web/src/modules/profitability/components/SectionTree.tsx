import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useRef, type ReactNode } from 'react';
import { moveInTree, type TreeKey } from '@shared/profitability-generator';

export type TreeSection = { id: number; nombre: string; children: { id: number; nombre: string }[] };

type Props = {
  order: TreeSection[];
  /** Chosen tabs per section (section id → tab ids). */
  checked: Record<number, number[]>;
  onOrder(next: TreeSection[]): void;
  onChecked(next: Record<number, number[]>): void;
};

const FOCUS = 'focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Sortable ids: a section `s:ID`, a tab `t:SECTION:ID`. */
const keyOf = (k: TreeKey) => (k.parent === null ? `s:${k.id}` : `t:${k.parent}:${k.id}`);
function parse(key: string | number): TreeKey {
  const [kind, a, b] = String(key).split(':');
  return kind === 's' ? { parent: null, id: Number(a) } : { parent: Number(a), id: Number(b) };
}

function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" />))}
    </svg>
  );
}

function Handle({ sortable, label }: { sortable: ReturnType<typeof useSortable>; label: string }) {
  return (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`Mover ${label}`}
      title="Mover"
      className={`inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing ${FOCUS}`}
    >
      <GripIcon />
    </button>
  );
}

/** A checkbox that can show 'some' (a section with only some tabs chosen). */
function Check({ checked, indeterminate = false, onChange, label, name }: { checked: boolean; indeterminate?: boolean; onChange(on: boolean): void; label: string; name?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="flex min-h-9 min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input ref={ref} type="checkbox" aria-label={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 shrink-0 rounded border-slate-400 text-teal-700 focus:ring-teal-600" />
      <span className="min-w-0 truncate">{label}</span>
    </label>
  );
}

function SortableRow({ k, label, children, className }: { k: TreeKey; label: string; children: (handle: ReactNode) => ReactNode; className: string }) {
  const sortable = useSortable({ id: keyOf(k), attributes: { roleDescription: k.parent === null ? 'sección ordenable' : 'resultado ordenable' } });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li ref={sortable.setNodeRef} style={style} className={`${className} ${sortable.isDragging ? 'relative z-20 shadow-lg ring-1 ring-teal-600/40' : ''}`}>
      {children(<Handle sortable={sortable} label={label} />)}
    </li>
  );
}

function useTreeSensors() {
  return useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
}

/** Screen-reader words of a drag (dnd-kit's defaults are English). */
function announcements(name: (key: string | number) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Tomó ${name(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} está sobre ${name(over.id)}.` : `${name(active.id)} no está sobre un lugar válido.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} quedó en el lugar de ${name(over.id)}.` : `Soltó ${name(active.id)}.`),
    onDragCancel: ({ active }) => `Canceló el movimiento de ${name(active.id)}.`,
  };
}

/**
 * The sections to print, with their results, as a checkbox tree (seed 002 §5): a section's box
 * chooses or clears all its results; drag handles ('Mover …', also Space and the arrow keys)
 * reorder the sections among themselves and a section's results within it. Dragging is depth 1
 * and never leaves its parent: each section's results live in a drag context of their own, and
 * moveInTree refuses a drop under another parent.
 */
export function SectionTree({ order, checked, onOrder, onChecked }: Props) {
  const sensors = useTreeSensors();
  const name = (key: string | number) => {
    const k = parse(key);
    const section = order.find((s) => s.id === (k.parent ?? k.id));
    return k.parent === null ? (section?.nombre ?? '') : (section?.children.find((c) => c.id === k.id)?.nombre ?? '');
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = moveInTree(order, parse(active.id), parse(over.id));
    if (next !== order) onOrder(next);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd} accessibility={{ announcements: announcements(name) }}>
      <SortableContext items={order.map((s) => keyOf({ parent: null, id: s.id }))} strategy={verticalListSortingStrategy}>
        <ul className="space-y-2" aria-label="Secciones del reporte">
          {order.map((s) => {
            const on = checked[s.id] ?? [];
            return (
              <SortableRow key={s.id} k={{ parent: null, id: s.id }} label={s.nombre} className="rounded-lg border border-slate-200 bg-white">
                {(handle) => (
                  <>
                    <div className="flex items-center gap-1 bg-slate-50 px-1 py-1">
                      {handle}
                      <Check
                        label={s.nombre}
                        checked={on.length === s.children.length}
                        indeterminate={on.length > 0 && on.length < s.children.length}
                        onChange={(v) => onChecked({ ...checked, [s.id]: v ? s.children.map((c) => c.id) : [] })}
                      />
                    </div>
                    <Children section={s} on={on} onToggle={(id, v) => onChecked({ ...checked, [s.id]: v ? [...on, id] : on.filter((x) => x !== id) })} onOrder={(children) => onOrder(order.map((x) => (x.id === s.id ? { ...x, children } : x)))} />
                  </>
                )}
              </SortableRow>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function Children({ section, on, onToggle, onOrder }: { section: TreeSection; on: number[]; onToggle(id: number, v: boolean): void; onOrder(children: TreeSection['children']): void }) {
  const sensors = useTreeSensors();
  const name = (key: string | number) => section.children.find((c) => c.id === parse(key).id)?.nombre ?? '';
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const [next] = moveInTree([section], parse(active.id), parse(over.id));
    if (next !== section) onOrder(next.children);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd} accessibility={{ announcements: announcements(name) }}>
      <SortableContext items={section.children.map((c) => keyOf({ parent: section.id, id: c.id }))} strategy={verticalListSortingStrategy}>
        <ul className="divide-y divide-slate-100" aria-label={`Resultados de ${section.nombre}`}>
          {section.children.map((c) => (
            <SortableRow key={c.id} k={{ parent: section.id, id: c.id }} label={`${c.nombre} de ${section.nombre}`} className="flex items-center gap-1 bg-white py-0.5 ps-6 pe-1 sm:ps-10">
              {(handle) => (
                <>
                  {handle}
                  <Check label={c.nombre} name={`${c.nombre} (${section.nombre})`} checked={on.includes(c.id)} onChange={(v) => onToggle(c.id, v)} />
                </>
              )}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
