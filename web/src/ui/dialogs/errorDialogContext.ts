import { createContext } from 'react';

export type ErrorDialogOptions = { title?: string; message?: string };
export type ErrorDialogApi = {
  /** Resolves once the user closes the notice ('Aceptar', Escape or a backdrop click). */
  showError(options?: ErrorDialogOptions): Promise<void>;
};

export const ErrorDialogContext = createContext<ErrorDialogApi | null>(null);
