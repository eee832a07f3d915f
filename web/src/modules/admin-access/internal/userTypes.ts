import { USER_TYPES as TYPES } from '@shared/user-types';
import type { SelectOption } from '../../../ui/select/selectOption';

/** The user types that own a menu, as select options (the one list is shared/user-types.ts, also
 * served by GET /fil_datas/type_users). */
export const USER_TYPES: SelectOption<number>[] = TYPES.map((t) => ({ ...t }));
