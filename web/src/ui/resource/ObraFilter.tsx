import { SelectFilter } from './SelectFilter';

type Props = Pick<Parameters<typeof SelectFilter>[0], 'list' | 'clears' | 'className'> & { placeholder?: string };

/** The Obra filter of a list: the user's sites (/fil_datas/obras), in the URL as `id_obra`;
 * `clears` names the filters that hang on the site (its work orders, its machines). */
export function ObraFilter({ list, placeholder = 'Todas las obras', clears, className = 'w-full sm:w-64' }: Props) {
  return <SelectFilter list={list} name="id_obra" label="Obra" endpoint="/fil_datas/obras" placeholder={placeholder} clears={clears} className={className} />;
}
