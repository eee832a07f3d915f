/** The user types that own a menu (modules and profiles carry `id_type_user`). Faena has one: the
 * back-office (docs/DECISIONS.md, "User types"); a new type is one more entry here. The web's
 * selects and `GET /fil_datas/type_users` (seed 002 §7) read this list. */
export const USER_TYPES: readonly { value: number; label: string }[] = [{ value: 1, label: 'Back-office' }];
