import type { SelectOption } from '../../../ui/select/selectOption';

/** The user types that own a menu (modules and profiles carry `id_type_user`). Faena has one: the
 * back-office (docs/DECISIONS.md, "User types"); a new type is one more entry here. */
export const USER_TYPES: SelectOption<number>[] = [{ value: 1, label: 'Back-office' }];
