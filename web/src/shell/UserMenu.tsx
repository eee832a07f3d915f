import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useWrite } from '../ui/resource/useWrite';
import { accounts } from '../session/accounts';
import { useMe } from '../session/useMe';
import { AccountSwitcher } from './AccountSwitcher';
import { Icon } from './icons';
import { dropSocket } from './live/socket';
import { DROPDOWN_PANEL, type Palette } from './palette';
import { UserAvatar } from './UserAvatar';

type UserMenuProps = { pal: Palette };

const item = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start data-focus:bg-slate-100';

/** The user's menu in the toolbar: name and role, 'Mi perfil' (/perfil), the stored accounts
 * (switch, add) and 'Cerrar sesión': `POST /login/logout`, the account leaves the stored list,
 * its socket closes, cached data is dropped and the user goes to /login. */
export function UserMenu({ pal }: UserMenuProps) {
  const { write } = useWrite();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const stored = accounts.current();
  const name = me.data?.data.displayName || (stored ? `${stored.name} ${stored.surname}`.trim() : '');
  const role = me.data?.data.ro_name ?? '';

  async function logout() {
    const leaving = accounts.current();
    await write({ path: '/login/logout' });
    if (leaving) {
      accounts.remove(leaving.id);
      dropSocket(leaving.token);
    }
    queryClient.clear();
    await navigate({ to: '/login' });
  }

  return (
    <Menu>
      {/* Named by what it shows (the user's name and role), then what it opens: an aria-label that
          differs from the visible text fails WCAG 2.5.3 (axe label-content-name-mismatch). Under
          md only the avatar shows; the name is then read from a visually hidden copy. */}
      <MenuButton
        className={`flex h-10 items-center gap-2 rounded-full ps-0.5 pe-0.5 transition-colors md:pe-2 ${pal.iconButton} ${pal.focus}`}
      >
        <UserAvatar name={name} className="size-9 text-sm ring-0" />
        <span className="sr-only md:hidden">{name || 'Usuario'}</span>
        <span className="hidden max-w-40 min-w-0 text-start leading-tight md:block">
          <span className="block truncate text-sm font-semibold">{name || '…'}</span>
          <span className={`block truncate text-xs ${pal.muted}`}>{role}</span>
        </span>
        <span className="sr-only">, menú de usuario</span>
        <Icon name="expand_more" className="hidden size-4 md:block" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className={`${DROPDOWN_PANEL} w-64 p-1.5 text-sm outline-none`}
      >
        <div className="px-3 py-2">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{me.data?.data.email ?? role}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <Link to="/perfil" className={item}>
            <Icon name="person" className="size-5 text-slate-400" />
            Mi perfil
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <AccountSwitcher />
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <button type="button" onClick={() => void logout()} className={`${item} text-red-700`}>
            <Icon name="logout" className="size-5 rtl:-scale-x-100" />
            Cerrar sesión
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
