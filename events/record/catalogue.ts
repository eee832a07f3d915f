import { defineCatalogue } from '../catalogue';
import type { RecordEvent } from './record';

/** Master data and administration records (every `{entity}-{id}` stream of the generic record
 * aggregate, users included). Their live topics are the record's own (`marca`, `marca:12`). */
export const recordCatalogue = defineCatalogue<RecordEvent>()({
  RecordCreated: { label: 'Creación', name: 'creó', icon: 'add_circle', color: 'success' },
  RecordUpdated: { label: 'Modificación', name: 'modificó', icon: 'edit', color: 'info' },
  RecordEnabled: { label: 'Activación', name: 'activó', icon: 'toggle_on', color: 'success' },
  RecordDisabled: { label: 'Desactivación', name: 'desactivó', icon: 'toggle_off', color: 'warning' },
  RecordRemoved: { label: 'Eliminación', name: 'eliminó', icon: 'delete', color: 'danger' },
  PasswordChanged: { label: 'Cambio de contraseña', name: 'cambió la contraseña de', icon: 'key', color: 'warning' },
});
