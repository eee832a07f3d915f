import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '@shared/time';
import { formatNumber } from '@shared/money';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { entryFiles } from '../centralWarehouse.resource';
import type { EntryFileRow } from '../centralWarehouseTypes';
import { ImportEntriesDialog } from './ImportEntriesDialog';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const count = (n: number) => <span className="tabular-nums">{formatNumber(n, 0)}</span>;

const columns: DataTableColumn<EntryFileRow>[] = [
  { key: 'nombre', label: 'Archivo', sortable: true, render: (r) => <span className="block max-w-72 truncate font-medium" title={r.nombre}>{r.nombre}</span> },
  { key: 'fecha_creado', label: 'Fecha de carga', sortable: true, render: (r) => <span className="tabular-nums whitespace-nowrap">{formatDateTime(r.fecha_creado)}</span> },
  {
    key: 'objeto_procesado',
    label: 'Procesado',
    sortable: true,
    render: (r) => (
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${r.objeto_procesado ? 'bg-teal-50 text-teal-800' : 'bg-amber-50 text-amber-800'}`}>
        {r.objeto_procesado ? 'Procesado' : 'Pendiente'}
      </span>
    ),
  },
  { key: 'validos', label: 'Válidos', sortable: true, align: 'right', render: (r) => count(r.validos) },
  { key: 'nuevos', label: 'Nuevos', sortable: true, align: 'right', render: (r) => count(r.nuevos) },
  { key: 'invalidos', label: 'Inválidos', sortable: true, align: 'right', render: (r) => count(r.invalidos) },
  { key: 'nombre_usuario', label: 'Usuario', hideBelow: 'lg', render: (r) => dash(r.nombre_usuario) },
];

/** /almacen_central_entradas_archivos (seed 002 §2): the imported Excel files of central entries
 * with their processed flag and counts; 'Importar' opens the upload dialog. A row opens the
 * entries it brought. */
export function EntryFilesPage({ search }: { search: SearchOf<typeof entryFiles> }) {
  const list = useResourceList(entryFiles, search);
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const openEntries = (row: EntryFileRow) => void navigate({ to: '/almacen_central_entradas', search: { id_archivo: row.id } });
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Archivos de ingreso"
      searchPlaceholder="Buscar archivo"
      showDates
      actions={
        list.rights.edit ? (
          <button
            type="button"
            onClick={() => setImporting(true)}
            className="inline-flex h-9 items-center gap-1.5 rounded-md bg-teal-700 px-3.5 text-sm font-medium text-white shadow-sm hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
              <path d="M10 13V3m0 0L6 7m4-4 4 4M4 13v2a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Importar
          </button>
        ) : null
      }
      columns={columns}
      card={{ title: 'nombre', chip: 'objeto_procesado', fields: ['fecha_creado', 'validos', 'invalidos'] }}
      rowMenu={(row) => [{ label: 'Ver ingresos', onClick: () => openEntries(row) }]}
      onOpen={openEntries}
    >
      <ImportEntriesDialog open={importing} onClose={() => setImporting(false)} />
    </ListPage>
  );
}
