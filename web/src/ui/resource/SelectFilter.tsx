import type { SetSearch } from '../list/listSearch';
import { Select } from '../select/Select';
import { SelectAjax } from '../select/SelectAjax';
import { SelectLocal } from '../select/SelectLocal';
import type { SelectOption } from '../select/selectOption';

/** What a filter needs of a list: its URL search and setSearch (useResourceList gives both). */
type ListLike = { search: object; setSearch: SetSearch<never> };

type Props = {
  list: ListLike;
  /** The search key the filter writes (`id_obra`, `estado`). */
  name: string;
  label: string;
  /** The empty choice ('Todos', 'Todas las obras'). */
  placeholder: string;
  /** A lookup (`/fil_datas/obras`) of ids… */
  endpoint?: string;
  params?: Record<string, string | number>;
  /** Search the lookup on the server as the user types (long lists: machines). */
  ajax?: boolean;
  /** Characters typed before a server search asks (`ajax`; the materials' lookup needs 4). */
  minLength?: number;
  /** …or fixed codes, as text ('1', '0'); the URL holds them as numbers. */
  items?: SelectOption<string>[];
  /** The lookup's values are text, kept as text in the URL (a purchase order's number), not ids. */
  text?: boolean;
  /** Keys cleared with it (the children of a parent filter). */
  clears?: string[];
  /** Width classes of the filter's box (default full width on phones, 13 rem beside). */
  className?: string;
};

/** The select's Field as one row: its label, then the box taking the rest of the width. */
const INLINE = '[&>div]:flex [&>div]:items-center [&>div]:gap-2 [&>div>label]:mb-0 [&>div>label]:shrink-0 [&>div>label]:whitespace-nowrap [&>div>div]:min-w-0 [&>div>div]:flex-1';

/** One filter of a list's FilterBar, bound to the URL: it shows `search[name]` and writes its
 * choice there (cleared: the key leaves the URL), together with `clears`; any change sends the
 * list back to page 1 (setSearch). */
export function SelectFilter({ list, name, label, placeholder, endpoint, params, ajax = false, minLength = 0, items, text = false, clears = [], className = 'w-full sm:w-52' }: Props) {
  const value = (list.search as Record<string, unknown>)[name];
  const write = (next: number | string | null) => {
    const patch: Record<string, number | string | undefined> = { [name]: next ?? undefined };
    for (const key of clears) patch[key] = undefined;
    (list.setSearch as SetSearch<Record<string, number | string | undefined>>)(patch);
  };
  const textValue = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  return (
    // One pattern for every filter bar: the label beside its box on one line (no second row of labels).
    <div className={`${INLINE} ${className}`}>
      {text ? (
        ajax ? (
          <SelectAjax<string> label={label} endpoint={endpoint ?? ''} params={params} minLength={minLength} value={textValue} onChange={write} placeholder={placeholder} />
        ) : (
          <SelectLocal<string> label={label} endpoint={endpoint ?? ''} params={params} value={textValue} onChange={write} placeholder={placeholder} />
        )
      ) : items ? (
        <Select label={label} items={items} value={typeof value === 'number' ? String(value) : null} onChange={(next) => write(next === null ? null : Number(next))} placeholder={placeholder} clearable />
      ) : ajax ? (
        <SelectAjax<number> label={label} endpoint={endpoint ?? ''} params={params} minLength={minLength} value={typeof value === 'number' ? value : null} onChange={write} placeholder={placeholder} />
      ) : (
        <SelectLocal<number> label={label} endpoint={endpoint ?? ''} params={params} value={typeof value === 'number' ? value : null} onChange={write} placeholder={placeholder} />
      )}
    </div>
  );
}
