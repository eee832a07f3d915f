import { MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';

/** The white panel of a button's menu, under its end edge ('⋮', 'Nuevo', 'Exportar'): it scales
 * in and out. `className` gives its layer and minimum width (whole literals, so Tailwind finds
 * them). */
export function MenuPanel({ className, children }: { className: string; children: ReactNode }) {
  return (
    <MenuItems
      anchor="bottom end"
      transition
      className={`${className} rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg transition duration-100 ease-out [--anchor-gap:4px] focus:outline-none data-closed:scale-95 data-closed:opacity-0`}
    >
      {children}
    </MenuItems>
  );
}
