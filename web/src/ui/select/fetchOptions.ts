import { api } from '../../api/client';
import { ApiFailure } from '../../api/envelope';
import type { SelectOption, SelectValue } from './selectOption';
import { toOption } from './toOption';

type Query = Record<string, string | number>;

/** GET `endpoint` and read its `items` (or `item` when `one`) as options. Rules: a reply with ok
 * false throws ApiFailure (its msg is shown in the dropdown); items that cannot be read are
 * skipped; a missing `item` gives an empty list. */
export async function fetchOptions<V extends SelectValue>(endpoint: string, query: Query, one = false): Promise<SelectOption<V>[]> {
  const { status, envelope } = await api.get(endpoint, query);
  if (!envelope.ok) throw new ApiFailure(status, envelope);
  const list = one ? [envelope.item] : Array.isArray(envelope.items) ? envelope.items : [];
  return list.map((item) => toOption<V>(item)).filter((o): o is SelectOption<V> => o !== null);
}
