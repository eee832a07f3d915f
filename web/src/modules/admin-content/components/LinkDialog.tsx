import { useEffect, useState } from 'react';
import { FormDialog } from '../../../ui/dialogs/FormDialog';
import { TextField } from '../../../ui/dialogs/TextField';
import { normalizeLinkHref } from '../internal/linkHref';

type Props = {
  open: boolean;
  /** The link under the cursor ('' for a new one). */
  initial: string;
  onClose(): void;
  /** The address to set, or '' to remove the link. */
  onApply(href: string): void;
};

/** 'Enlace': the address of the selected text's link. Empty removes the link; only http(s) and
 * mailto addresses are taken (the server keeps nothing else). */
export function LinkDialog({ open, initial, onClose, onApply }: Props) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    setValue(initial);
    setError('');
  }, [open, initial]);

  function submit() {
    const href = normalizeLinkHref(value);
    if (href === null) {
      setError('Ingrese una dirección web (https://…) o un correo.');
      return;
    }
    onApply(href);
    onClose();
  }

  return (
    <FormDialog open={open} title={initial ? 'Editar enlace' : 'Insertar enlace'} size="sm" onClose={onClose} dirty={false} onSubmit={submit} submitLabel={value.trim() === '' && initial ? 'Quitar enlace' : 'Aplicar'}>
      <TextField
        label="Dirección"
        type="text"
        inputMode="url"
        autoComplete="off"
        placeholder="https://ejemplo.com"
        autoFocus
        maxLength={2000}
        value={value}
        onChange={(v) => {
          setValue(v);
          setError('');
        }}
        error={error}
        hint={initial ? 'Deje el campo vacío para quitar el enlace.' : 'Una dirección web o un correo electrónico.'}
      />
    </FormDialog>
  );
}
