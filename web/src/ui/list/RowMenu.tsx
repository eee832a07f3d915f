import { Menu, MenuButton, MenuItem } from '@headlessui/react';
import { MenuPanel } from './MenuPanel';

export type RowMenuItem = { label: string; onClick(): void; hidden?: boolean };

/** The '⋮' actions of a row (DataTable's rows, the module tree). Rules: hidden entries are left
 * out; with none left the button is not rendered; `label` names the button for screen readers
 * ('Acciones de …'). `compact`: a 28 px button for a dense table row; `touch`: 44 px, a phone's
 * card. */
export function RowMenu({ items, label = 'Acciones', compact = false, touch = false }: { items: RowMenuItem[]; label?: string; compact?: boolean; touch?: boolean }) {
  const visible = items.filter((item) => !item.hidden);
  if (visible.length === 0) return null;
  return (
    <Menu>
      <MenuButton
        aria-label={label}
        className={`inline-flex ${touch ? 'size-11' : compact ? 'size-7' : 'size-8'} shrink-0 items-center justify-center rounded-md text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-open:bg-slate-100`}
      >
        ⋮
      </MenuButton>
      <MenuPanel className="z-50 min-w-44">
        {visible.map((item) => (
          <MenuItem key={item.label}>
            <button type="button" onClick={item.onClick} className="block w-full px-3 py-2.5 text-start sm:py-2 text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900">
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuPanel>
    </Menu>
  );
}
