import { SelectAjax } from '../../../ui/select/SelectAjax';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { elementSearch } from '../internal/elementSearch';

type Props = {
  row: number;
  idGrupo: number | null;
  idElemento: number | null;
  onChange(change: { id_grupo_funcional?: number | null; id_grupo_funcional_elemento?: number | null }): void;
  disabled: boolean;
  groupError?: string;
  elementError?: string;
};

/** The 'Grupo funcional / Elemento' cell of a line: the group above, the element under it. Seed 001 §5: the element search needs at
 * least 4 characters, with or without a group (`elementSearch`), and the element is required; the
 * group narrows the search; changing the group clears the element (it may belong to the old
 * group); an element picked without a group brings its group along. */
export function ElementCells({ row, idGrupo, idElemento, onChange, disabled, groupError, elementError }: Props) {
  const search = elementSearch(idGrupo);
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
          endpoint={search.endpoint}
          params={search.params}
          minLength={search.minLength}
          value={idElemento}
          onChange={(v, item) => {
            const group = Number(item?.raw?.id_grupo_funcional) || null;
            onChange({ id_grupo_funcional_elemento: v, ...(v && !idGrupo && group ? { id_grupo_funcional: group } : {}) });
          }}
          placeholder={search.placeholder}
          disabled={disabled}
          error={elementError}
        />
      </div>
    </td>
  );
}
