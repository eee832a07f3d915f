import { createContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './buttonClasses';
import { DialogFrame } from './DialogFrame';
import { FieldError } from './FieldError';
import { PromptBody } from './MessageDialog';
import { useDialogApi, useDialogQueue } from './useDialogQueue';

// The confirmation prompt: its dialog, the provider that serves it app-wide, and the hook.

/** A text the confirmation asks for (a rejection's reason): its label, placeholder (by default
 * seed 002's 'Escribe el motivo...'), whether it may be left blank, and its maximum length (500,
 * the spec's text limit, by default). */
export type ConfirmPrompt = { label: string; placeholder?: string; required?: boolean; maxLength?: number };

export type ConfirmOptions = { title?: string; message?: string; confirmLabel?: string; cancelLabel?: string; prompt?: ConfirmPrompt };
export type ConfirmApi = {
  /** Resolves true on 'Confirmar' (or Enter), false on 'Cancelar', Escape or a backdrop click;
   * it resolves once the dialog has closed and focus is back on the element that opened it, so
   * focus the caller moves afterwards (a refused form's first invalid field) stays there. */
  confirm(options?: ConfirmOptions): Promise<boolean>;
  /** The same question, resolving the text typed in its `prompt` (trimmed; '' without a prompt)
   * on 'Confirmar', null when cancelled; resolved at the same moment as `confirm`. */
  ask(options?: ConfirmOptions): Promise<string | null>;
};

const ConfirmContext = createContext<ConfirmApi | null>(null);

const CONFIRM_TITLE = '¿Estás seguro?';
const CONFIRM_MESSAGE = 'Esta acción no tiene marcha atrás.';
/** The placeholder of a reason asked for (observe, reject): seed 002's words, verbatim. */
export const REASON_PLACEHOLDER = 'Escribe el motivo...';
/** Under a required prompt left blank. */
export const MSG_PROMPT_REQUIRED = 'Este campo es obligatorio';

type Props = {
  open: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  prompt?: ConfirmPrompt;
  onConfirm(text: string): void;
  onCancel(): void;
  /** The dialog has fully closed and focus is back on its opener (DialogFrame's `onClosed`). */
  onClosed?(): void;
};

/** A yes/no prompt (usually opened through `useConfirm`). Rules: Escape and a backdrop click
 * cancel; the confirm button has focus on open, so Enter confirms; Enter on the panel itself
 * confirms too. Defaults: '¿Estás seguro?', 'Esta acción no tiene marcha atrás.', 'Confirmar',
 * 'Cancelar'. With a `prompt` the dialog asks for a text under the message: the text box has focus,
 * Enter adds a line (Ctrl+Enter confirms), and a `required` one left blank is refused with a
 * message under it instead of confirming. Each opening starts with an empty text. */
export function ConfirmDialog({ open, title = CONFIRM_TITLE, message = CONFIRM_MESSAGE, confirmLabel = 'Confirmar', cancelLabel = 'Cancelar', prompt, onConfirm, onCancel, onClosed }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [refused, setRefused] = useState(false);
  // A new question (the next one queued, or the same dialog opened again) starts blank.
  useEffect(() => {
    if (!open) return;
    setText('');
    setRefused(false);
  }, [open, prompt, message]);
  const confirm = () => {
    if (prompt?.required && text.trim() === '') {
      setRefused(true);
      return;
    }
    onConfirm(prompt ? text.trim() : '');
  };
  const error = refused && text.trim() === '' ? MSG_PROMPT_REQUIRED : undefined;
  return (
    <DialogFrame
      open={open}
      onClose={onCancel}
      onClosed={onClosed}
      size="sm"
      role="alertdialog"
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
        if (event.target instanceof HTMLTextAreaElement && !(event.ctrlKey || event.metaKey)) return;
        event.preventDefault();
        confirm();
      }}
    >
      <PromptBody tone="question" title={title} message={message} />
      {prompt ? (
        <div className="px-5 pb-4 sm:px-6 sm:ps-20">
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700">
            {prompt.label}
            {prompt.required ? (
              <span className="ms-0.5 text-red-600" aria-hidden="true">
                *
              </span>
            ) : null}
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            rows={3}
            maxLength={prompt.maxLength ?? 500}
            placeholder={prompt.placeholder ?? REASON_PLACEHOLDER}
            required={prompt.required}
            onChange={(event) => setText(event.target.value)}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`mt-1 block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset ${
              error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
            }`}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 rounded-b-lg bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={PRIMARY_BUTTON} onClick={confirm} data-autofocus={prompt ? undefined : true}>
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}

/** Serves `useConfirm()`: one ConfirmDialog for the whole app, prompts answered in turn; an answer
 * is delivered once the dialog has closed (or the next queued prompt has taken its place), see
 * `useDialogQueue`; a prompt still open when the provider unmounts resolves false (null for `ask`).
 * Mounted by `DialogsProvider`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { open, prompt, ask, answer, closed } = useDialogQueue<ConfirmOptions, string | null>(null);
  const api = useMemo<ConfirmApi>(
    () => ({
      confirm: async (options = {}) => (await ask(options)) !== null,
      ask: (options = {}) => ask(options),
    }),
    [ask],
  );
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
        prompt={request?.prompt}
        onConfirm={(text) => answer(prompt, text)}
        onCancel={() => answer(prompt, null)}
        onClosed={closed}
      />
    </ConfirmContext.Provider>
  );
}

/** `const { confirm } = useConfirm(); if (await confirm({ message })) …` — needs
 * `DialogsProvider` (or `ConfirmProvider`) above. A question that needs a text:
 * `const motivo = await ask({ message, prompt: { label: 'Motivo', required: true } }); if (motivo === null) return;` */
export function useConfirm(): ConfirmApi {
  return useDialogApi(ConfirmContext, 'useConfirm()');
}
