import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './buttonClasses';
import { DialogFrame } from './DialogFrame';
import { PromptBody } from './MessageDialog';
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
      <PromptBody tone="question" title={title} message={message} />
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
