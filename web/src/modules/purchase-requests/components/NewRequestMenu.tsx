import { Menu, MenuButton, MenuItem } from '@headlessui/react';
import { MenuPanel } from '../../../ui/list/MenuPanel';
import { Link } from '@tanstack/react-router';
import type { RequestKind } from '@shared/purchase-request-codes';

const KINDS: { tipo: RequestKind; label: string }[] = [
  { tipo: 'compra', label: 'Solicitud de Compra' },
  { tipo: 'servicio', label: 'Servicio' },
  { tipo: 'despacho', label: 'Despacho' },
];

/** The list's 'Nuevo' (seed 002 §2): a menu of the three kinds, each opening the form on
 * /solicitudes_compras/nuevo?tipo=compra|servicio|despacho. */
export function NewRequestMenu() {
  return (
    <Menu>
      <MenuButton className="inline-flex h-9 items-center gap-1.5 rounded-md bg-teal-700 px-3.5 text-sm font-medium text-white shadow-sm hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none">
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
          <path d="M10 4v12M4 10h12" strokeLinecap="round" />
        </svg>
        Nuevo
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 opacity-80" aria-hidden="true">
          <path fillRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
        </svg>
      </MenuButton>
      <MenuPanel className="z-50 min-w-48">
        {KINDS.map((k) => (
          <MenuItem key={k.tipo}>
            <Link to="/solicitudes_compras/nuevo" search={{ tipo: k.tipo }} className="block w-full px-3 py-2 text-start text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900">
              {k.label}
            </Link>
          </MenuItem>
        ))}
      </MenuPanel>
    </Menu>
  );
}
