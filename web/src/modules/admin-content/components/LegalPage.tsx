import { useQuery } from '@tanstack/react-query';
import { Selection } from '@tiptap/pm/state';
import { useEditor, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import { fetchOk } from '../../../api/client';
import { fieldErrors } from '../../../api/envelope';
import { moduleRights, useMe } from '../../../session/useMe';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { MSG_RESTORED, MSG_SAVED } from '@shared/messages';
import { useToast } from '../../../ui/toast/useToast';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { useWrite } from '../../../ui/resource/useWrite';
import { RecordHistoryButton } from '../../../ui/history/RecordHistoryButton';
import { richTextAttributes, richTextExtensions, RichTextEditor } from './RichTextEditor';

const LEGAL_KEY = ['legal', 'form'] as const;
/** Kept stable: a new object on each render would make TipTap update its options every time. */
const EDITOR_PROPS = { attributes: richTextAttributes('Texto legal') };

async function loadLegal(): Promise<string> {
  const r = await fetchOk<{ item?: { legal?: unknown } }>('GET', '/legal/form');
  return typeof r.item?.legal === 'string' ? r.item.legal : '';
}

/** Puts the server's text in the editor as the new baseline: not an undo step, no update event;
 * the cursor goes to the start (so the toolbar does not show the last block's formatting). */
function showText(editor: Editor, html: string): string {
  editor
    .chain()
    .setMeta('addToHistory', false)
    .setContent(html, { emitUpdate: false })
    .command(({ tr }) => {
      tr.setSelection(Selection.atStart(tr.doc));
      return true;
    })
    .run();
  return editor.getHTML();
}

/** /legal (seed 000): the legal text in a rich-text editor (TipTap StarterKit, 600 px). The text
 * shown is always the server's, as it stored it after sanitising: it is reloaded after 'Guardar'
 * and after 'Restaurar' (which brings back the previous saved version, after 'Perderá los
 * cambios realizados.'). Both buttons, and editing itself, need the edit right. Leaving with
 * unsaved changes asks first. */
export function LegalPage() {
  const rights = moduleRights(useMe().data, '/legal');
  const canEdit = rights.edit;
  const { confirm } = useConfirm();
  const { show } = useToast();
  const { write } = useWrite();
  const legal = useQuery({ queryKey: LEGAL_KEY, queryFn: loadLegal, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, retry: false });
  const [busy, setBusy] = useState<'save' | 'restore' | null>(null);
  const [problem, setProblem] = useState('');
  const [attempt, setAttempt] = useState(0);
  const scope = useRef<HTMLElement>(null);
  const [dirty, setDirty] = useState(false);
  /** The server's text as the editor shows it (TipTap's HTML): null until the first reply. */
  const baseline = useRef<string | null>(null);
  const [ready, setReady] = useState(false);

  const editable = canEdit && ready && busy === null;
  const editor = useEditor({
    extensions: richTextExtensions,
    content: '',
    // Also applied by the effect below: TipTap keeps an existing editor's editable state on re-render.
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // Under the Content-Security-Policy a <style> element made at run time is refused: the
    // editor's own base styles come with the app's stylesheet instead (richText.css).
    injectCSS: false,
    editorProps: EDITOR_PROPS,
    onUpdate: ({ editor: e }) => setDirty(baseline.current !== null && e.getHTML() !== baseline.current),
  });

  const apply = useCallback(
    (html: string) => {
      baseline.current = showText(editor, html);
      setDirty(false);
      setReady(true);
    },
    [editor],
  );

  // The first reply fills the editor; later ones are applied where they are asked for.
  useEffect(() => {
    if (legal.data !== undefined && baseline.current === null) apply(legal.data);
  }, [legal.data, apply]);

  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  useLeavePrompt(dirty);

  async function reload() {
    const fresh = await legal.refetch();
    if (fresh.data !== undefined) apply(fresh.data);
  }

  async function save() {
    if (busy) return;
    setBusy('save');
    setProblem('');
    const r = await write({ path: '/legal/save', body: { legal: editor.getHTML() } });
    if (r.envelope.ok) {
      show(r.envelope.msg || MSG_SAVED, 'success');
      await reload();
    } else {
      setProblem(fieldErrors(r.envelope.errors).legal || r.envelope.msg);
      setAttempt((n) => n + 1);
    }
    setBusy(null);
  }

  async function restore() {
    if (busy) return;
    if (!(await confirm({ title: 'Restaurar la versión anterior', message: 'Perderá los cambios realizados.', confirmLabel: 'Restaurar' }))) return;
    setBusy('restore');
    setProblem('');
    const r = await write({ path: '/legal/restore', body: {} });
    if (r.envelope.ok) {
      show(r.envelope.msg || MSG_RESTORED, 'success');
      await reload();
    } else {
      setProblem(r.envelope.msg);
      setAttempt((n) => n + 1);
    }
    setBusy(null);
  }

  return (
    <section ref={scope} className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:p-4">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">Texto legal</h1>
          <p className="text-sm text-slate-500" aria-live="polite">
            {dirty ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : canEdit ? 'Términos y condiciones que ven los usuarios.' : 'Solo lectura.'}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          <RecordHistoryButton streamType="legal" id={1} label="Texto legal" className="justify-center" />
          {canEdit ? (
            <>
              <button type="button" onClick={() => void restore()} disabled={busy !== null || legal.isPending} className={SECONDARY_BUTTON}>
                {busy === 'restore' ? <Spinner className="size-4" /> : null}
                Restaurar
              </button>
              <button type="button" onClick={() => void save()} disabled={busy !== null || legal.isPending || legal.isError} className={PRIMARY_BUTTON}>
                {busy === 'save' ? <Spinner className="size-4" /> : null}
                Guardar
              </button>
            </>
          ) : null}
        </div>
      </div>

      <FormErrorBanner
        message={problem}
        scope={scope}
        attempt={attempt}
        onDismiss={() => setProblem('')}
      />

      {legal.isError && !ready ? (
        <LoadState framed error={legal.error} onRetry={() => void legal.refetch()} />
      ) : (
        <div className="relative" aria-busy={legal.isPending || busy !== null}>
          <RichTextEditor editor={editor} editable={canEdit} />
          {legal.isPending ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/70">
              <Spinner className="size-6 text-teal-700" label="Cargando..." />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
