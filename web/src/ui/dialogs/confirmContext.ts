import { createContext } from 'react';

export type ConfirmOptions = { title?: string; message?: string; confirmLabel?: string; cancelLabel?: string };
export type ConfirmApi = {
  /** Resolves true on 'Confirmar' (or Enter), false on 'Cancelar', Escape or a backdrop click. */
  confirm(options?: ConfirmOptions): Promise<boolean>;
};

export const ConfirmContext = createContext<ConfirmApi | null>(null);
