import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchOk, type Reply } from '../../api/client';
import { DEFAULT_ERROR, fieldErrors, type Envelope } from '../../api/envelope';
import { isOwnWrite } from '../../api/ownWrites';
import { useLiveTopic } from '../../shell/live/useLiveTopic';
import { useFormState } from '../dialogs/useFormState';
import { MSG_SAVED } from '@shared/messages';
import { useToast } from '../toast/useToast';
import type { WriteCall, WriteTarget } from './defineResource';
import { useWrite } from './useWrite';

/** What happens after a successful save: close the dialog (the default), or stay on it. */
export type AfterSave = 'close' | 'stay';

/** What the controller needs of a form's state (useFormState, or a module's own such as the
 * work order's lines). */
export type FormLike<V> = { values: V; reset(values: V): void; setErrors(errors: Record<string, string>): void; dirty: boolean };

type Options<V extends Record<string, unknown>, R extends Envelope, F extends FormLike<V>> = {
  /** null: closed; 0: a new record; else the record to edit. */
  id: number | null;
  /** The values before a load, and of a record that is not loaded (`load: false`). */
  empty: V;
  /** The form reply's item → the form's values. */
  toValues?(item: Record<string, unknown>, reply: R): V;
  /** The form's values → the save call's body (JSON or FormData); `extra` is what `retryWhen`
   * or the caller's `submit(extra)` adds; `reply` the form as loaded (a version to send back). */
  toPayload(values: V, extra: Record<string, unknown>, reply: R | undefined): unknown;
  onClose(): void;
  /** Whether the record is read from `{path}/form`; default yes. */
  load?: boolean;
  /** Replaces the form call (a form read from two calls). */
  read?(id: number): Promise<R>;
  /** A module's own form state instead of useFormState (it then loads and clears it itself). */
  form?: F;
  /** A refused save the user may still want (a confirmation): the extra payload to send it again
   * with, or null. */
  retryWhen?(reply: Reply): Promise<Record<string, unknown> | null>;
  /** A refusal the module answers itself (a 409 conflict): true when it did. */
  onRefused?(reply: Reply): boolean | Promise<boolean>;
  /** The server's error keys → the form's (`translate.en` → `en`). */
  mapErrors?(errors: Record<string, string>): Record<string, string>;
  /** The toast of a successful save (default: the reply's msg, else 'Guardado correctamente');
   * null: none. */
  savedMessage?(reply: Reply): string | null;
  /** After a successful save; default: close. */
  onSaved?(reply: Reply, values: V): AfterSave | void | Promise<AfterSave | void>;
  /** Watch the record's live topic: a push of a newer version written by someone else marks the
   * form `stale` (compared with the push's version; the record is not read again). */
  watch?: { topic: string; version: number };
};

/** The record-form controller (react-admin's useEditController): loads the form, keeps its values
 * and field errors, saves through the one write path and answers the save. Rules:
 * - opening (a new `id`) clears the values, the message and the errors, then loads `{path}/form`;
 *   a failed load shows its message (`loadError`, with `retryLoad`);
 * - a refused save shows the envelope's msg on top and binds the `errors` map to the fields; a
 *   successful one shows the msg (or 'Guardado correctamente') in a toast, invalidates the
 *   resource's queries, makes the saved values the baseline (so no unsaved-changes prompt follows
 *   a save) and closes, unless `onSaved` says 'stay' (then the form is read again);
 * - every save carries its Idempotency-Key and correlation id (useWrite), and a retry after a
 *   network failure reuses them;
 * - with `watch`, another user's newer version of the record sets `stale`.
 * `dialogProps` are FormDialog's. */
export function useRecordForm<V extends Record<string, unknown>, R extends Envelope = Envelope, F extends FormLike<V> = ReturnType<typeof useFormState<V>>>(
  resource: WriteTarget,
  options: Options<V, R, F>,
) {
  const { id, empty, load = true } = options;
  const own = useFormState<V>(empty);
  const form = (options.form ?? own) as F & FormLike<V>;
  const [message, setMessage] = useState('');
  // Counts refused saves: the error banner moves focus to the first invalid field on each.
  const [attempt, setAttempt] = useState(0);
  const [stale, setStale] = useState(false);
  const { show } = useToast();
  const queryClient = useQueryClient();
  const { write, pending } = useWrite(resource.invalidates);
  const formKey = ['form', resource.path, id];
  const formCall: WriteCall | null = id === null ? null : resource.calls.form(id);

  const reply = useQuery({
    queryKey: formKey,
    queryFn: () => (options.read && id !== null ? options.read(id) : fetchOk<R>(formCall!.method ?? 'POST', formCall!.path, formCall!.query, formCall!.body)),
    enabled: id !== null && load,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  // A new opening starts clean.
  useEffect(() => {
    if (id === null) return;
    setMessage('');
    setStale(false);
    if (!options.form) form.reset(empty);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  // A (re)loaded record becomes the values and the baseline.
  useEffect(() => {
    if (!reply.data || !options.toValues) return;
    form.reset(options.toValues((reply.data.item ?? {}) as Record<string, unknown>, reply.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply.data, reply.dataUpdatedAt]);

  // The version this form holds, and another user's newer one announced live.
  const version = useRef(options.watch?.version ?? 0);
  useEffect(() => {
    if (options.watch) version.current = options.watch.version;
  }, [options.watch]);
  useLiveTopic(options.watch ? [options.watch.topic] : [], (push) => {
    if (!isOwnWrite(push.correlationId) && typeof push.version === 'number' && push.version > version.current) setStale(true);
  });

  /** Saves `values` (default: the form's; a module may complete them first, e.g. a closing date). */
  async function submit(extra: Record<string, unknown> = {}, values: V = form.values): Promise<Reply> {
    const sent = values;
    const result = await write(resource.calls.save(options.toPayload(sent, extra, reply.data)));
    if (!result.envelope.ok) {
      const again = options.retryWhen ? await options.retryWhen(result) : null;
      if (again) return submit({ ...extra, ...again }, sent);
      if (await options.onRefused?.(result)) return result;
      setMessage(result.envelope.msg || DEFAULT_ERROR);
      setAttempt((n) => n + 1);
      const errors = fieldErrors(result.envelope.errors);
      form.setErrors(options.mapErrors ? options.mapErrors(errors) : errors);
      return result;
    }
    setMessage('');
    form.reset(sent);
    if (typeof result.envelope.version === 'number') version.current = result.envelope.version;
    const saved = options.savedMessage ? options.savedMessage(result) : result.envelope.msg || MSG_SAVED;
    if (saved) show(saved, 'success');
    const next = (await options.onSaved?.(result, sent)) ?? 'close';
    if (next === 'close') options.onClose();
    else if (load && id) await queryClient.invalidateQueries({ queryKey: formKey });
    return result;
  }

  const loading = id !== null && load && reply.isPending;
  const loadError = reply.isError ? reply.error.message : '';
  return {
    form,
    values: form.values,
    /** The form reply as loaded (its item and any extras the module reads). */
    reply: reply.data,
    loading,
    loadError,
    retryLoad: () => void reply.refetch(),
    message: message || loadError,
    setMessage,
    /** Changes with every refused save (FormErrorBanner's `attempt`). */
    attempt,
    /** Counts a refusal the module answered itself (its own check before sending). */
    failed: () => setAttempt((n) => n + 1),
    submitting: pending,
    submit,
    /** Another user saved a newer version of the record (with `watch`). */
    stale,
    /** Moves the watched version on (a line removed on the server returns the new version). */
    setVersion: (next: number) => {
      version.current = next;
    },
    dialogProps: {
      open: id !== null,
      onClose: options.onClose,
      loading,
      dirty: form.dirty,
      submitting: pending,
      message: message || loadError,
      attempt,
      onSubmit: () => void submit(),
    },
  };
}
