import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeft,
  FileImage,
  FileCode2,
  FilePlus2,
  PenTool,
  Save,
  Share2,
  Trash2,
} from 'lucide-react';
import {
  DIAGRAM_CODE_MAX,
  DIAGRAM_DESCRIPTION_MAX,
  DIAGRAM_TITLE_MAX,
  type Diagram,
  type DiagramTemplate,
  type GeneratedDiagram,
} from '@aprenda/shared/schemas/diagrams';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { Textarea } from '@/components/ui/textarea';
import { downloadBlob } from '@/lib/download';
import { ApiError, errorCode, errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/session';
import { FOCUS_HEADING, useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { useCreateBoard } from '../api/boards';
import { useCreateDiagram, useDeleteDiagram, useDiagram, useUpdateDiagram } from '../api/diagrams';
import { useAiModels, useGenerateDiagram } from '../api/generate';
import {
  changedFields,
  hasErrors,
  validateDiagram,
  type DiagramDraft,
  type DiagramFormErrors,
} from '../lib/diagram-form';
import { clearDraft, diagramDraftKey, loadDraft, sameDraft, storeDraft } from '../lib/draft-store';
import { diagramFileName, pngBlob, svgBlob } from '../lib/export';
import { useLivePreview } from '../lib/live-preview';
import { isFlowchart } from '../lib/outline';
import { boardPath, diagramPath, DIAGRAMS_PATH, NEW_DIAGRAM_ID } from '../lib/paths';
import { isTemplate, templateCode, templateName, TEMPLATES } from '../lib/templates';
import { CodePane, type CodePaneHandle } from './code-pane';
import { GenerateBox } from './generate-box';
import { OutlinePanel } from './outline-panel';
import { PreviewPane } from './preview-pane';
import { ShareDialog } from './share-dialog';

/**
 * `/dashboard/mermaid/:diagramId` (and `/dashboard/mermaid/new`, optionally `?modelo=<template>`
 * or `?conversa=<conversationId>` — the chat's "Transformar em diagrama"): the editor.
 */
export function DiagramEditorScreen({ diagramId }: { diagramId: string }) {
  const { t } = useTranslation(['diagrams', 'errors']);
  const isNew = diagramId === NEW_DIAGRAM_ID;
  const diagram = useDiagram(isNew ? null : diagramId);
  if (!isNew && diagram.isPending) return <LoadingState>{t('editor.loading')}</LoadingState>;
  // A refetch that fails once the editor is open (the diagram deleted in another tab, seen on
  // focus) keeps the editor and what it holds: it says so there instead.
  if (!isNew && diagram.isError && !diagram.data) {
    const notFound = diagram.error instanceof ApiError && diagram.error.code === 'not_found';
    return (
      <section className="flex flex-col gap-4">
        <BackLink />
        <ErrorBox
          retryLabel={notFound ? undefined : t('retry')}
          onRetry={notFound ? undefined : () => void diagram.refetch()}
        >
          {notFound ? errorMessage(t, diagram.error) : t('editor.loadError')}
        </ErrorBox>
      </section>
    );
  }
  return (
    <Editor
      key={diagramId}
      saved={isNew ? null : (diagram.data ?? null)}
      deleted={!isNew && errorCode(diagram.error) === 'not_found'}
    />
  );
}

function BackLink() {
  const { t } = useTranslation('diagrams');
  return (
    <Link
      to={DIAGRAMS_PATH}
      className="flex items-center gap-1 self-start text-sm text-zinc-300 hover:text-zinc-100 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('editor.back')}
    </Link>
  );
}

function draftOf(diagram: Diagram): DiagramDraft {
  return { title: diagram.title, description: diagram.description, code: diagram.code };
}

function Editor({ saved, deleted }: { saved: Diagram | null; deleted: boolean }) {
  const { t, i18n } = useTranslation(['diagrams', 'errors']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const code = useRef<CodePaneHandle>(null);
  const readOnly = saved !== null && saved.access !== 'owner';
  // Behind the signed-in shell the session is known; the slot is this user's.
  const { data: me } = useSession();
  const draftKey = diagramDraftKey(me?.id ?? 'unknown', saved?.id ?? NEW_DIAGRAM_ID);

  const startTemplate = params.get('modelo');
  const [initial] = useState(() => {
    const base: DiagramDraft = saved
      ? draftOf(saved)
      : {
          title: '',
          description: '',
          code: templateCode(t, isTemplate(startTemplate) ? startTemplate : 'flowchart'),
        };
    const stored = readOnly ? null : loadDraft(draftKey);
    return stored && !sameDraft(stored, base)
      ? { base, draft: stored, restored: true }
      : { base, draft: base, restored: false };
  });
  const [draft, setDraft] = useState(initial.draft);
  const [restored, setRestored] = useState(initial.restored);
  const [errors, setErrors] = useState<DiagramFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  // The diagram no longer exists (deleted in another tab): saving goes to a new diagram.
  const [goneOnSave, setGoneOnSave] = useState(false);
  const gone = saved !== null && !readOnly && (deleted || goneOnSave);
  const [template, setTemplate] = useState<DiagramTemplate>(
    isTemplate(startTemplate) ? startTemplate : 'flowchart',
  );
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [converting, setConverting] = useState(false);
  const [boardError, setBoardError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'svg' | 'png' | null>(null);

  const base = saved ? draftOf(saved) : initial.base;
  const dirty = !readOnly && !sameDraft(draft, base);
  const preview = useLivePreview(draft.code, draft.title, draft.description);

  const create = useCreateDiagram();
  const update = useUpdateDiagram();
  const remove = useDeleteDiagram();
  const deletedFocus = useFocusAfterRemoval();
  const createBoard = useCreateBoard();
  const fromConversation = useGenerateDiagram();

  // Unsaved work stays on this device until it is saved.
  useEffect(() => {
    if (readOnly) return;
    if (dirty) storeDraft(draftKey, draft);
    else clearDraft(draftKey);
  }, [readOnly, dirty, draftKey, draft]);

  // Opened from a conversation ("Transformar em diagrama"): the AI writes the code once — once the
  // models are known, and not at all without a key (the generate box then says how to add one).
  const conversationId = saved ? null : params.get('conversa');
  const asked = useRef<string | null>(null);
  const models = useAiModels(Boolean(conversationId));
  const modelsKnown = models.isSuccess || models.isError;
  const noKey = models.isSuccess && models.data.items.length === 0;
  useEffect(() => {
    if (!conversationId || asked.current === conversationId || !modelsKnown || noKey) return;
    asked.current = conversationId;
    fromConversation.mutate(
      { conversationId, locale: i18n.language === 'en' ? 'en' : 'pt-BR' },
      {
        onSuccess: (result) => {
          applyGenerated(result);
          setParams(
            (old) => {
              const next = new URLSearchParams(old);
              next.delete('conversa');
              return next;
            },
            { replace: true },
          );
        },
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conversation id
  }, [conversationId, modelsKnown, noKey]);

  function change(patch: Partial<DiagramDraft>) {
    setDraft((old) => ({ ...old, ...patch }));
    setSaveError(null);
    // A field's error goes once the field is edited (as in the other forms); the next save checks again.
    const fixed = (Object.keys(patch) as Array<keyof DiagramDraft>).filter((key) => errors[key]);
    if (fixed.length > 0) {
      setErrors((old) => {
        const next = { ...old };
        for (const key of fixed) delete next[key];
        return next;
      });
    }
  }

  function applyGenerated(result: GeneratedDiagram) {
    setDraft((old) => ({
      code: result.code,
      title: old.title.trim() ? old.title : result.title,
      description: old.description.trim() ? old.description : result.description,
    }));
  }

  function focusFirstInvalid(found: DiagramFormErrors) {
    if (found.title) document.getElementById(`${id}-title`)?.focus();
    else if (found.description) document.getElementById(`${id}-description`)?.focus();
    else if (found.code) code.current?.goToLine(1);
  }

  /** "Diagrama salvo.", and when the code does not draw, that it is saved as it is. */
  const savedMessage = () => (preview.problem ? t('editor.savedWithProblem') : t('editor.saved'));

  function save() {
    const found = validateDiagram(draft);
    setErrors(found);
    setSaveError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(found);
      return;
    }
    const onError = (err: unknown) => {
      if (saved && errorCode(err) === 'not_found') setGoneOnSave(true);
      else setSaveError(t('editor.saveError', { error: errorMessage(t, err) }));
    };
    if (!saved || gone) {
      // A new diagram, or "Salvar como novo diagrama" when this one was deleted.
      create.mutate(
        { title: draft.title.trim(), description: draft.description.trim(), code: draft.code },
        {
          onSuccess: (diagram) => {
            clearDraft(draftKey);
            toastSuccess(gone ? t('editor.savedAsNew') : savedMessage());
            void navigate(diagramPath(diagram.id), { replace: true });
          },
          onError: (err) => setSaveError(t('editor.saveError', { error: errorMessage(t, err) })),
        },
      );
      return;
    }
    const changes = changedFields(draftOf(saved), draft);
    if (Object.keys(changes).length === 0) {
      toastSuccess(savedMessage());
      return;
    }
    update.mutate(
      { id: saved.id, changes },
      {
        onSuccess: (diagram) => {
          setDraft((old) => ({ ...old, title: diagram.title, description: diagram.description }));
          toastSuccess(savedMessage());
        },
        onError,
      },
    );
  }

  function discardDraft() {
    clearDraft(draftKey);
    setDraft(base);
    setRestored(false);
  }

  async function exportAs(format: 'svg' | 'png') {
    if (!preview.good) {
      toastError(t('export.nothing'));
      return;
    }
    setExporting(format);
    try {
      const blob = format === 'svg' ? svgBlob(preview.good.svg) : await pngBlob(preview.good.svg);
      downloadBlob(blob, diagramFileName(draft.title, format, t('editor.newTitle')));
    } catch {
      toastError(t('export.error'));
    } finally {
      setExporting(null);
    }
  }

  async function openOnBoard() {
    const good = preview.good;
    if (!good || !isFlowchart(good.type)) return;
    setConverting(true);
    setBoardError(null);
    try {
      let scene;
      try {
        const { flowchartToScene } = await import('../lib/to-board');
        scene = await flowchartToScene(good.code);
      } catch {
        setBoardError(t('board.convertError'));
        return;
      }
      try {
        const board = await createBoard.mutateAsync({
          title: (draft.title.trim() || t('editor.newTitle')).slice(0, DIAGRAM_TITLE_MAX),
          scene,
        });
        void navigate(boardPath(board.id));
      } catch (err) {
        setBoardError(t('board.error', { error: errorMessage(t, err) }));
      }
    } finally {
      setConverting(false);
    }
  }

  const saving = create.isPending || update.isPending;
  const flowchart = preview.good ? isFlowchart(preview.good.type) : false;
  const errorId = `${id}-syntax`;
  const fieldError = (field: keyof DiagramDraft, max: number) =>
    errors[field] === 'required'
      ? t('form.required')
      : errors[field] === 'tooLong'
        ? t('form.tooLong', { max })
        : undefined;
  const titleError = fieldError('title', DIAGRAM_TITLE_MAX);
  const descriptionError = fieldError('description', DIAGRAM_DESCRIPTION_MAX);
  const codeError =
    errors.code === 'required'
      ? t('form.codeRequired')
      : errors.code === 'tooLong'
        ? t('form.codeTooLong', { max: DIAGRAM_CODE_MAX })
        : undefined;

  return (
    <section className="flex min-w-0 flex-col gap-5">
      <BackLink />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        {/* Its own width (up to half the row) beside the buttons, which wrap: squeezed by them,
            a one-word title broke mid-word ("Fotossínte/se"). */}
        <div className="flex min-w-0 flex-col gap-1 lg:max-w-[50%] lg:shrink-0">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
            {saved ? saved.title : t('editor.newTitle')}
          </h1>
          {readOnly && saved ? (
            <p className="text-sm text-zinc-300">
              {t('editor.readOnly', { name: saved.owner.name })}
            </p>
          ) : dirty ? (
            <p className="text-sm text-amber-200">{t('editor.unsaved')}</p>
          ) : null}
        </div>
        <div role="group" aria-label={t('editor.actions')} className="flex flex-wrap gap-2">
          {!readOnly && !gone ? (
            <Button onClick={save} pending={saving}>
              <Save aria-hidden />
              {t('editor.save')}
            </Button>
          ) : null}
          <Button
            variant="outline"
            pending={exporting === 'svg'}
            disabled={!preview.good}
            onClick={() => void exportAs('svg')}
          >
            <FileCode2 aria-hidden />
            {t('export.svg')}
          </Button>
          <Button
            variant="outline"
            pending={exporting === 'png'}
            disabled={!preview.good}
            onClick={() => void exportAs('png')}
          >
            <FileImage aria-hidden />
            {t('export.png')}
          </Button>
          <Button
            variant="outline"
            pending={converting}
            disabled={!flowchart}
            aria-describedby={preview.good && !flowchart ? `${id}-board-note` : undefined}
            onClick={() => void openOnBoard()}
          >
            <PenTool aria-hidden />
            {converting ? t('board.opening') : t('board.open')}
          </Button>
          {saved && !readOnly && !gone ? (
            <>
              <Button variant="outline" onClick={() => setSharing(true)}>
                <Share2 aria-hidden />
                {t('share.open')}
              </Button>
              <Button variant="destructive" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden />
                {t('delete.open')}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      {preview.good && !flowchart ? (
        <p id={`${id}-board-note`} className="text-sm text-zinc-400">
          {t('board.unavailable')}
        </p>
      ) : null}
      {boardError ? (
        <p role="alert" className="text-sm text-red-300">
          {boardError}
        </p>
      ) : null}
      {gone ? (
        <div
          role="alert"
          data-testid="diagram-deleted"
          className="flex flex-wrap items-center gap-3 rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200"
        >
          <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            <strong>{t('editor.deletedTitle')}</strong> {t('editor.deletedBody')}
          </p>
          <Button size="sm" onClick={save} pending={create.isPending}>
            <FilePlus2 aria-hidden />
            {t('editor.saveAsNew')}
          </Button>
        </div>
      ) : null}
      {saveError ? (
        <p
          role="alert"
          className="rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200"
        >
          {saveError}
        </p>
      ) : null}
      {restored ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-md border border-sky-400/40 bg-sky-400/10 p-3 text-sm"
        >
          <p className="text-sky-100">{t('editor.draftRestored')}</p>
          <Button type="button" variant="outline" size="sm" onClick={discardDraft}>
            {t('editor.discardDraft')}
          </Button>
        </div>
      ) : null}
      {fromConversation.isPending ? (
        <LoadingState>{t('generate.fromConversation')}</LoadingState>
      ) : null}
      {fromConversation.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(t, fromConversation.error)}
        </p>
      ) : null}

      {!readOnly ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-base font-semibold">{t('editor.details')}</legend>
            <p className="text-sm text-zinc-300">{t('editor.a11yNote')}</p>
            <Field id={`${id}-title`} label={t('editor.title')} error={titleError}>
              <Input
                {...fieldAria(`${id}-title`, titleError)}
                value={draft.title}
                maxLength={DIAGRAM_TITLE_MAX}
                required
                aria-required
                onChange={(e) => change({ title: e.target.value })}
              />
            </Field>
            <Field
              id={`${id}-description`}
              label={t('editor.description')}
              error={descriptionError}
              hint={t('editor.descriptionHint')}
            >
              <Textarea
                {...fieldAria(`${id}-description`, descriptionError, t('editor.descriptionHint'))}
                rows={3}
                className="min-h-20"
                value={draft.description}
                maxLength={DIAGRAM_DESCRIPTION_MAX}
                required
                aria-required
                onChange={(e) => change({ description: e.target.value })}
              />
            </Field>
          </fieldset>
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-2 rounded-lg border border-border p-4">
              <label htmlFor={`${id}-template`} className="text-sm font-medium">
                {t('templates.label')}
              </label>
              <div className="flex flex-wrap gap-2">
                <NativeSelect
                  id={`${id}-template`}
                  className="w-auto min-w-40 flex-1"
                  value={template}
                  aria-describedby={`${id}-template-hint`}
                  onChange={(e) => isTemplate(e.target.value) && setTemplate(e.target.value)}
                >
                  {TEMPLATES.map((tpl) => (
                    <option key={tpl} value={tpl}>
                      {templateName(t, tpl)}
                    </option>
                  ))}
                </NativeSelect>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => change({ code: templateCode(t, template) })}
                >
                  {t('templates.use')}
                </Button>
              </div>
              <p id={`${id}-template-hint`} className="text-xs text-zinc-400">
                {t('templates.hint')}
              </p>
            </div>
            <GenerateBox currentCode={draft.code} onGenerated={applyGenerated} />
          </div>
        </div>
      ) : saved ? (
        <p className="text-sm [overflow-wrap:anywhere]">{saved.description}</p>
      ) : null}

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <span className="text-sm font-medium" aria-hidden>
            {t('editor.code')}
          </span>
          <CodePane
            ref={code}
            value={draft.code}
            onChange={(value) => change({ code: value })}
            readOnly={readOnly}
            label={t('editor.code')}
            describedBy={preview.problem ? errorId : undefined}
          />
          {codeError ? <p className="text-sm text-destructive">{codeError}</p> : null}
        </div>
        <PreviewPane
          good={preview.good}
          problem={preview.problem}
          drawing={preview.drawing}
          title={draft.title}
          errorId={errorId}
          readOnly={readOnly}
          onGoToLine={(line) => code.current?.goToLine(line)}
        />
      </div>

      <OutlinePanel code={preview.good?.code ?? null} description={draft.description} />

      {saved && !readOnly ? (
        <>
          <ShareDialog open={sharing} onOpenChange={setSharing} diagram={saved} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={t('delete.title')}
            description={t('delete.body', { title: saved.title })}
            confirmLabel={t('delete.confirm')}
            cancelLabel={t('cancel')}
            pending={remove.isPending}
            onCloseAutoFocus={deletedFocus.onCloseAutoFocus}
            onConfirm={() =>
              remove.mutate(saved.id, {
                onSuccess: () => {
                  clearDraft(draftKey);
                  toastSuccess(t('delete.done'));
                  deletedFocus.markRemoved();
                  // This page goes: the list focuses its heading, not <body>.
                  void navigate(DIAGRAMS_PATH, { state: FOCUS_HEADING });
                },
                onError: (err) => {
                  setDeleting(false);
                  toastError(errorMessage(t, err));
                },
              })
            }
          />
        </>
      ) : null}
    </section>
  );
}
