import { Description, DialogTitle } from '@headlessui/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './buttonClasses';
import { DialogFrame } from './DialogFrame';
import { useDialogQueue } from './useDialogQueue';

// The confirmation prompt: its dialog, the provider that serves it app-wide, and the hook.

export type ConfirmOptions = { title?: string; message?: string; confirmLabel?: string; cancelLabel?: string };
export type ConfirmApi = {
  /** Resolves true on 'Confirmar' (or Enter), false on 'Cancelar', Escape or a backdrop click. */
  confirm(options?: ConfirmOptions): Promise<boolean>;
};

const ConfirmContext = createContext<ConfirmApi | null>(null);

const CONFIRM_TITLE = '¿Estás seguro?';
const CONFIRM_MESSAGE = 'Esta acción no tiene marcha atrás.';

type Props = {
  open: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
};

/** A yes/no prompt (usually opened through `useConfirm`). Rules: Escape and a backdrop click
 * cancel; the confirm button has focus on open, so Enter confirms; Enter on the panel itself
 * confirms too. Defaults: '¿Estás seguro?', 'Esta acción no tiene marcha atrás.', 'Confirmar',
 * 'Cancelar'. */
export function ConfirmDialog({ open, title = CONFIRM_TITLE, message = CONFIRM_MESSAGE, confirmLabel = 'Confirmar', cancelLabel = 'Cancelar', onConfirm, onCancel }: Props) {
  return (
    <DialogFrame
      open={open}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          onConfirm();
        }
      }}
    >
      <div className="flex items-start gap-4 px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-600" aria-hidden="true">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0ZM8.94 6.94a.75.75 0 1 1-1.061-1.061 3 3 0 1 1 2.871 5.026v.345a.75.75 0 0 1-1.5 0v-.5c0-.72.57-1.172 1.081-1.287A1.5 1.5 0 1 0 8.94 6.94ZM10 15a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
          </svg>
        </span>
        <div className="min-w-0 flex-1 pt-1">
          <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600">{message}</Description>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 rounded-b-lg bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={PRIMARY_BUTTON} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}

/** Serves `useConfirm()`: one ConfirmDialog for the whole app, prompts answered in turn; a prompt
 * still open when the provider unmounts resolves false. Mounted by `DialogsProvider`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { open, prompt, ask, answer } = useDialogQueue<ConfirmOptions, boolean>(false);
  const api = useMemo<ConfirmApi>(() => ({ confirm: (options = {}) => ask(options) }), [ask]);
  const request = prompt?.request;
  return (
    <ConfirmContext.Provider value={api}>
      {children}
      <ConfirmDialog
        open={open}
        title={request?.title}
        message={request?.message}
        confirmLabel={request?.confirmLabel}
        cancelLabel={request?.cancelLabel}
        onConfirm={() => answer(prompt, true)}
        onCancel={() => answer(prompt, false)}
      />
    </ConfirmContext.Provider>
  );
}

/** `const { confirm } = useConfirm(); if (await confirm({ message })) …` — needs
 * `DialogsProvider` (or `ConfirmProvider`) above. */
export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error('useConfirm() needs a <DialogsProvider> above it.');
  return api;
}
