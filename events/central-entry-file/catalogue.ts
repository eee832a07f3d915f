import { defineCatalogue } from '../catalogue';
import type { CentralEntryFileEvent } from './types';

/** Imported files of central entries (`central_entry_file-{id}`): live topics are the record's own
 * (both lists read `central_entry_file`). */
export const centralEntryFileCatalogue = defineCatalogue<CentralEntryFileEvent>()({
  CentralEntriesImported: { label: 'Importación de ingresos al almacén central', name: 'importó los ingresos al almacén central del', icon: 'upload_file', color: 'success' },
});
