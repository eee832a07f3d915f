import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { brands } from './brands.resource';

type Props = { id: number | null; onClose(): void };

/** Create (id 0) or edit a brand on the record-form controller (`/marcas/form`, `/marcas/create`). */
export function BrandDialog({ id, onClose }: Props) {
  const { form, dialogProps } = useRecordForm(brands, {
    id,
    empty: { nombre: '' },
    toValues: (item) => ({ nombre: String(item.nombre ?? '') }),
    toPayload: (values) => ({ id, ...values }),
    onClose,
  });
  return (
    <FormDialog {...dialogProps} title={id ? 'Editar marca' : 'Nueva marca'}>
      <TextField label="Nombre" name="nombre" {...form.bind('nombre')} autoFocus />
    </FormDialog>
  );
}
