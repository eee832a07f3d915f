import { SelectAjax } from '../../../ui/select/SelectAjax';
import { SelectLocal } from '../../../ui/select/SelectLocal';

type Props = {
  row: number;
  idGrupo: number | null;
  idElemento: number | null;
  onChange(change: { id_grupo_funcional?: number | null; id_grupo_funcional_elemento?: number | null }): void;
  disabled: boolean;
  groupError?: string;
  elementError?: string;
};

/** Once a group is chosen, its elements are listed as soon as the element list opens, before any
 * typing (issue 14, item 4): the lookup of a group's elements, which needs no minimum length
 * (services/api/catalogues/grupo-funcional-elementos.ts; same options, same order). Without a
 * group, the search across every group starts at 4 characters (seed 001 §5). */
const GROUP_ELEMENTS = '/fil_datas/elementos_padre';
const ALL_ELEMENTS = '/fil_datas/grupo_funcional_elementos';

/** The 'Grupo funcional / Elemento' cell of a line: the group above, the element under it. Seed 001 §5: the element search needs at
 * least 4 characters and the element is required; the group narrows the search; changing the group
 * clears the element (it may belong to the old group); an element picked without a group brings
 * its group along. With a group chosen, its elements show on opening the list. */
export function ElementCells({ row, idGrupo, idElemento, onChange, disabled, groupError, elementError }: Props) {
  return (
    <td className="px-2 py-2 align-top [&_label]:sr-only">
      <div className="w-60 space-y-1.5">
        <SelectLocal<number>
          label={`Grupo funcional (fila ${row})`}
          endpoint="/fil_datas/grupos_funcionales"
          value={idGrupo}
          onChange={(v) => onChange(v === idGrupo ? { id_grupo_funcional: v } : { id_grupo_funcional: v, id_grupo_funcional_elemento: null })}
          placeholder="Grupo funcional"
          disabled={disabled}
          error={groupError}
        />
        <SelectAjax<number>
          label={`Elemento (fila ${row})`}
          endpoint={idGrupo ? GROUP_ELEMENTS : ALL_ELEMENTS}
          params={idGrupo ? { id_grupo_funcional: idGrupo } : undefined}
          minLength={idGrupo ? 0 : 4}
          value={idElemento}
          onChange={(v, item) => {
            const group = Number(item?.raw?.id_grupo_funcional) || null;
            onChange({ id_grupo_funcional_elemento: v, ...(v && !idGrupo && group ? { id_grupo_funcional: group } : {}) });
          }}
          placeholder={idGrupo ? 'Elemento del grupo…' : 'Elemento (4 caracteres)…'}
          disabled={disabled}
          error={elementError}
        />
      </div>
    </td>
  );
}
