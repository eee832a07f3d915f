import { MenuHeading, MenuItem, MenuSection } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { accounts, useAccounts } from '../session/accounts';
import { useToast } from '../ui/toast/useToast';
import { Icon } from './icons';
import { UserAvatar } from './UserAvatar';

/** The stored accounts section of the user menu (seed 000 §3). Choosing another account makes
 * its token the current one and reloads every query (the user first) with it; 'Agregar cuenta'
 * opens /login/add_account to sign in one more. Must sit inside a headlessui `MenuItems`. */
export function AccountSwitcher() {
  const { accounts: stored, current } = useAccounts();
  const queryClient = useQueryClient();
  const { show } = useToast();

  async function switchTo(id: number) {
    if (id === current) return;
    accounts.switchTo(id);
    // Cached data belongs to the previous account: reset it all, active queries refetch.
    await queryClient.resetQueries();
    const now = accounts.current();
    if (now) show(`Ahora usa la cuenta de ${`${now.name} ${now.surname}`.trim()}`, 'info');
  }

  return (
    <MenuSection className="py-1">
      <MenuHeading className="px-3 pt-1 pb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">Cuentas</MenuHeading>
      {stored.map((a) => {
        const name = `${a.name} ${a.surname}`.trim();
        const isCurrent = a.id === current;
        return (
          <MenuItem key={a.id}>
            <button
              type="button"
              onClick={() => void switchTo(a.id)}
              aria-current={isCurrent ? 'true' : undefined}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start data-focus:bg-slate-100"
            >
              <UserAvatar name={name} className="size-7 text-[11px] ring-0" />
              <span className="min-w-0 flex-1 truncate">{name}</span>
              {isCurrent ? <Icon name="check" className="size-4 text-teal-600" title="Cuenta actual" /> : null}
            </button>
          </MenuItem>
        );
      })}
      <MenuItem>
        <Link to="/login/$action" params={{ action: 'add_account' }} className="flex w-full items-center gap-3 rounded-lg px-3 py-2 data-focus:bg-slate-100">
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Icon name="person_add" className="size-4" />
          </span>
          Agregar cuenta
        </Link>
      </MenuItem>
    </MenuSection>
  );
}
