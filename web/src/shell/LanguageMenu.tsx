import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { useWrite } from '../ui/resource/useWrite';
import { DEFAULT_ERROR } from '../api/envelope';
import { useMe } from '../session/useMe';
import { useErrorDialog } from '../ui/dialogs/useErrorDialog';
import { Icon } from './icons';
import { DROPDOWN_PANEL, type Palette } from './palette';

type LanguageMenuProps = { pal: Palette };

/** The menu language (seed 000 §3 and issue 13): es, en, tr or ar, Spanish by default. Choosing one calls
 * `POST /me/setLanguage { id_language }` and reloads the user, whose labels then come in that
 * language; Arabic turns the frame right-to-left (see AppFrame). */
export function LanguageMenu({ pal }: LanguageMenuProps) {
  const { write } = useWrite([['me']]);
  const me = useMe();
  const { showError } = useErrorDialog();
  const [saving, setSaving] = useState(false);
  if (!me.data) return null;
  const current = me.data.data.language ?? 'es';
  const languages = me.data.languages ?? [];

  async function choose(id: number, key: string) {
    if (key === current || saving) return;
    setSaving(true);
    const { envelope } = await write({ path: '/me/setLanguage', body: { id_language: id } });
    setSaving(false);
    if (!envelope.ok) await showError({ title: 'No se pudo cambiar el idioma', message: envelope.msg || DEFAULT_ERROR });
  }

  return (
    <Menu>
      <MenuButton
        aria-label={`Idioma del menú: ${current.toUpperCase()}`}
        title="Idioma del menú"
        // While a change is saved the menu is closed to new choices (they would be ignored).
        disabled={saving}
        aria-busy={saving}
        className={`inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full px-2 text-xs font-semibold transition-colors ${pal.iconButton} ${pal.focus}`}
      >
        <Icon name="language" className={`size-5 ${saving ? 'animate-spin' : ''}`} />
        <span className="hidden uppercase sm:inline">{current}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className={`${DROPDOWN_PANEL} w-48 p-1.5 text-sm outline-none`}
      >
        <p className="px-3 pt-1 pb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">Idioma del menú</p>
        {languages.map((l) => (
          <MenuItem key={l.id}>
            <button
              type="button"
              onClick={() => void choose(l.id, l.key)}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start data-focus:bg-slate-100"
            >
              <span className="inline-flex w-7 justify-center rounded bg-slate-100 py-0.5 text-[10px] font-bold text-slate-500 uppercase">{l.key}</span>
              <span lang={l.key} className="flex-1">
                {l.name}
              </span>
              {l.key === current ? <Icon name="check" className="size-4 text-teal-600" title="Actual" /> : null}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
