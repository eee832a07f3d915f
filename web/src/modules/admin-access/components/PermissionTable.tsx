import { useId, type ReactNode } from 'react';
import { FieldError } from '../../../ui/dialogs/FieldError';
import { togglePermission, type PermissionColumn, type PermissionRow } from '../internal/togglePermission';

type Props = {
  rows: PermissionRow[];
  onRows(rows: PermissionRow[]): void;
  /** The home module (the profile's id_module). */
  home: number | null;
  onHome(id: number | null): void;
  loading?: boolean;
  error?: string;
  disabled?: boolean;
};

const COLUMNS: { key: PermissionColumn; label: string }[] = [
  { key: 'see', label: 'Ver' },
  { key: 'edit', label: 'Editar' },
];

/** Why a master-data row cannot be ticked (seed 001 §2; the save refuses it too). */
const MASTER_DATA_LOCKED = 'Los datos maestros son exclusivos del perfil administrador: no se pueden dar a este perfil.';

const FOCUS = 'focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-1 focus-visible:outline-none';

/** Groups in their order, each followed by its modules; rows whose parent is missing go last. */
function displayOrder(rows: PermissionRow[]): { row: PermissionRow; depth: 0 | 1; parent: boolean }[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number, PermissionRow[]>();
  for (const r of rows) if (r.id_parent !== null && ids.has(r.id_parent)) childrenOf.set(r.id_parent, [...(childrenOf.get(r.id_parent) ?? []), r]);
  const out: { row: PermissionRow; depth: 0 | 1; parent: boolean }[] = [];
  const placed = new Set<number>();
  for (const r of rows) {
    if (r.id_parent !== null && ids.has(r.id_parent)) continue;
    out.push({ row: r, depth: 0, parent: childrenOf.has(r.id) });
    placed.add(r.id);
    for (const c of childrenOf.get(r.id) ?? []) {
      out.push({ row: c, depth: 1, parent: false });
      placed.add(c.id);
    }
  }
  for (const r of rows) if (!placed.has(r.id)) out.push({ row: r, depth: 1, parent: false });
  return out;
}

function Check({ checked, indeterminate, onChange, label, disabled, title, describedBy, children }: { checked: boolean; indeterminate: boolean; onChange(next: boolean): void; label: string; disabled?: boolean; title?: string; describedBy?: string; children?: ReactNode }) {
  return (
    <label className={`inline-flex items-center gap-1.5 ${disabled ? '' : 'cursor-pointer'}`} title={title}>
      <input
        type="checkbox"
        aria-label={label}
        aria-describedby={describedBy}
        checked={checked}
        disabled={disabled}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        // A mixed box switches everything on, as a click on a group usually means "all of it".
        onChange={() => onChange(indeterminate ? true : !checked)}
        className={`size-4 rounded accent-teal-700 disabled:cursor-not-allowed ${FOCUS}`}
      />
      {children}
    </label>
  );
}

/** The 'Inicio' cell of a row: a module (not a group) offers a radio that makes it the profile's
 * home, enabled once the module can be seen. */
function HomeCell({ row, offered, name, home, disabled, onHome }: { row: PermissionRow; offered: boolean; name: string; home: number | null; disabled: boolean; onHome(id: number): void }) {
  return (
    <td className="pe-3 text-center">
      {offered ? (
        <input
          type="radio"
          name={name}
          aria-label={`Inicio: ${row.name}`}
          title={row.see ? 'Módulo de inicio' : 'Marque «Ver» para poder elegirlo como inicio'}
          checked={home === row.id}
          disabled={disabled || !row.see}
          onChange={() => onHome(row.id)}
          className={`size-4 accent-teal-700 disabled:cursor-not-allowed disabled:opacity-40 ${FOCUS}`}
        />
      ) : null}
    </td>
  );
}

/** The profile's rights per module (seed 000 §5): rows are the menu's groups with their modules
 * indented under them; 'Ver' and 'Editar' checkboxes with a 'Todos' box per column in the header;
 * an 'Inicio' radio per module for the home module. Rules: every change goes through
 * `togglePermission` (edit implies see; a group applies to its modules; a module turns its group
 * on); a group's box is mixed while some of its modules differ; only a module it can see can be
 * the home, and taking 'Ver' away from the home module clears the home. A locked row (master data,
 * which stays with the admin profile: seed 001 §2) cannot be ticked, and says why; a right it
 * already has can still be taken away. */
export function PermissionTable({ rows, onRows, home, onHome, loading = false, error, disabled = false }: Props) {
  const radioName = useId();
  const errorId = `${radioName}-error`;
  const lockedId = `${radioName}-locked`;
  const anyLocked = rows.some((r) => r.locked);
  const ordered = displayOrder(rows);

  function change(id: number | 'all', column: PermissionColumn, value: boolean) {
    const next = togglePermission(rows, id, column, value);
    onRows(next);
    if (home !== null && !next.find((r) => r.id === home)?.see) onHome(null);
  }

  const th = 'sticky top-0 z-10 h-10 border-b border-slate-200 bg-slate-50 px-2 text-xs font-semibold text-slate-600';

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">Permisos por módulo</h3>
        <p className="text-xs text-slate-500">
          Inicio: <span className="font-medium text-slate-700">{rows.find((r) => r.id === home)?.name ?? 'el primer módulo del menú'}</span>
        </p>
      </div>
      {anyLocked ? (
        <p id={lockedId} className="mb-2 text-xs text-slate-600">
          {MASTER_DATA_LOCKED}
        </p>
      ) : null}
      <div className="relative max-h-[50vh] overflow-auto rounded-md border border-slate-200" aria-busy={loading} aria-describedby={error ? errorId : undefined}>
        <table className="min-w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${th} ps-3 text-start`}>
                Módulo
              </th>
              {COLUMNS.map((col) => {
                const on = rows.filter((r) => r[col.key] === 1).length;
                // 'Todos' counts the rows it can switch on (a locked row only when it is on).
                const offered = rows.filter((r) => !r.locked || r[col.key] === 1).length;
                return (
                  <th key={col.key} scope="col" className={`${th} w-20 text-center sm:w-24`}>
                    <span className="block">{col.label}</span>
                    <span className="mt-0.5 block font-normal">
                      <Check
                        label={`Todos (${col.label})`}
                        checked={offered > 0 && on === offered}
                        indeterminate={on > 0 && on < offered}
                        disabled={disabled || loading || rows.length === 0}
                        onChange={(value) => change('all', col.key, value)}
                      >
                        <span className="text-[11px] text-slate-500">Todos</span>
                      </Check>
                    </span>
                  </th>
                );
              })}
              <th scope="col" className={`${th} w-16 pe-3 text-center`}>
                Inicio
              </th>
            </tr>
          </thead>
          <tbody>
            {loading && rows.length === 0
              ? [0, 1, 2, 3].map((i) => (
                  <tr key={i} aria-hidden="true" className="*:border-b *:border-slate-100">
                    <td className="h-10 ps-3">
                      <div className="h-3 w-40 animate-pulse rounded bg-slate-200" />
                    </td>
                    <td />
                    <td />
                    <td />
                  </tr>
                ))
              : null}
            {!loading && rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-slate-500">
                  No hay módulos para este tipo de usuario.
                </td>
              </tr>
            ) : null}
            {ordered.map(({ row, depth, parent }) => {
              const children = parent ? rows.filter((r) => r.id_parent === row.id) : [];
              return (
                <tr key={row.id} className={`*:border-b *:border-slate-100 ${depth === 0 ? 'bg-slate-50/60' : 'hover:bg-slate-50/60'}`}>
                  <th scope="row" className={`h-10 py-1 pe-2 text-start ${depth === 0 ? 'ps-3 font-semibold text-slate-800' : 'ps-8 font-normal text-slate-700'}`}>
                    {row.name}
                    {row.locked ? <span className="ms-2 text-xs font-normal text-slate-500">(solo administrador)</span> : null}
                  </th>
                  {COLUMNS.map((col) => {
                    const childOn = children.filter((c) => c[col.key] === 1).length;
                    return (
                      <td key={col.key} className="text-center">
                        <Check
                          label={`${col.label}: ${row.name}`}
                          checked={row[col.key] === 1}
                          indeterminate={row[col.key] === 1 && children.length > 0 && childOn < children.length}
                          disabled={disabled || loading || (row.locked === true && row[col.key] !== 1)}
                          title={row.locked ? MASTER_DATA_LOCKED : undefined}
                          describedBy={row.locked ? lockedId : undefined}
                          onChange={(value) => change(row.id, col.key, value)}
                        />
                      </td>
                    );
                  })}
                  <HomeCell row={row} offered={depth === 1} name={radioName} home={home} disabled={disabled || loading} onHome={onHome} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
