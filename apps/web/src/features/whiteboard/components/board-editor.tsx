import '@excalidraw/excalidraw/index.css';
import './board-editor.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Eye, Radio } from 'lucide-react';
import {
  CaptureUpdateAction,
  Excalidraw,
  exportToBlob,
  exportToSvg,
  MainMenu,
} from '@excalidraw/excalidraw';
import type {
  AppState,
  BinaryFileData,
  BinaryFiles,
  ExcalidrawImperativeAPI,
  ExcalidrawInitialDataState,
} from '@excalidraw/excalidraw/types';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import {
  BOARD_IMAGE_TYPES,
  BOARD_THUMBNAIL_MAX_BYTES,
  type Board,
  type BoardClassRef,
  type BoardPresentationEvent,
  type BoardSceneEvent,
} from '@aprenda/shared/schemas/boards';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useConfig } from '@/lib/config-context';
import { downloadBlob } from '@/lib/download';
import { errorCode } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  fetchBoard,
  fetchBoardFile,
  saveScene,
  uploadBoardFile,
  uploadThumbnail,
  useCreateBoard,
} from '../api/boards';
import { BoardAutosave, type AutosaveState } from '../lib/autosave';
import { boardErrorText, isGone } from '../lib/errors';
import { boardPath } from '../lib/paths';
import { sceneOutbox } from '../lib/outbox';
import {
  blobToDataUrl,
  dataUrlToBlob,
  exportFileName,
  sceneSignature,
  toStoredScene,
  type SceneElement,
} from '../lib/scene';
import { BoardDeletedBanner } from './board-deleted';
import { ClassroomBar } from './classroom';
import { ConflictDialog } from './conflict-dialog';
import { SaveStatus } from './save-status';

const IMAGE_TYPES = new Set<string>(BOARD_IMAGE_TYPES);
const THUMBNAIL_SIZE = 320;
const THUMBNAIL_DELAY_MS = 2000;

type Elements = readonly OrderedExcalidrawElement[];

/**
 * The Excalidraw editor of one board (this module and Excalidraw form the route's lazy chunk).
 * The owner edits: autosave (lib/autosave.ts), images uploaded apart, a thumbnail after saves,
 * the 409 choice. Anyone else sees it read-only and follows its saves live over SSE.
 */
export function BoardEditor({ board, userId }: { board: Board; userId: string }) {
  const { t, i18n } = useTranslation(['whiteboard', 'errors']);
  const config = useConfig();
  const navigate = useNavigate();
  const createBoard = useCreateBoard();
  const readOnly = board.access !== 'owner';
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const [saveState, setSaveState] = useState<AutosaveState>({
    status: 'saved',
    version: board.version,
    error: null,
  });
  const [presentingTo, setPresentingTo] = useState<BoardClassRef | null>(board.presentingTo);
  const [presentationEnded, setPresentationEnded] = useState(false);
  const [gone, setGone] = useState(false);
  // Live elements on the canvas: `data-elements` on the region (the e2e tests read it).
  const [elementCount, setElementCount] = useState(board.scene.elements.length);
  // The canvas's zoom: `data-zoom` on the region (the e2e tests read it).
  const [zoom, setZoom] = useState(1);
  // The opened board is fitted to the screen once (zoomed out on a phone, never in beyond 100 %) —
  // a board opened empty never is: the view must not jump under the first shape being drawn.
  const fitted = useRef(
    !(board.scene.elements as Array<{ isDeleted?: boolean }>).some((el) => !el.isDeleted),
  );
  const knownFiles = useRef(new Set(board.fileIds));
  const pendingFiles = useRef(new Map<string, BinaryFileData>());
  const baselineSet = useRef(false);
  const thumbnailTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
  const onApi = useCallback((excalidraw: ExcalidrawImperativeAPI) => {
    apiRef.current = excalidraw;
    setApi(excalidraw);
  }, []);

  const initialData = useMemo<ExcalidrawInitialDataState>(
    () => ({
      elements: board.scene.elements as unknown as ExcalidrawInitialDataState['elements'],
      appState: {
        viewBackgroundColor: board.scene.appState?.viewBackgroundColor ?? '#ffffff',
        gridSize: board.scene.appState?.gridSize ?? undefined,
        gridModeEnabled: board.scene.appState?.gridModeEnabled ?? false,
      },
      scrollToContent: true,
    }),
    // The scene the editor starts from; later scenes come through updateScene.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [board.id],
  );

  // ── Images: uploaded before the scene that uses them is saved; loaded from the server. ─────────

  const uploadPendingFiles = useCallback(async () => {
    for (const [id, file] of [...pendingFiles.current]) {
      if (!IMAGE_TYPES.has(file.mimeType)) {
        pendingFiles.current.delete(id);
        toastError(t('editor.imageFailed', { reason: t('errors:media_type_unsupported') }));
        continue;
      }
      try {
        await uploadBoardFile(board.id, id, dataUrlToBlob(file.dataURL));
        knownFiles.current.add(id);
        pendingFiles.current.delete(id);
      } catch (err) {
        // No connection, or the board is gone: the save fails with it (offline / deleted).
        if (errorCode(err) === 'unavailable' || isGone(err)) throw err;
        pendingFiles.current.delete(id);
        knownFiles.current.add(id);
        toastError(t('editor.imageFailed', { reason: boardErrorText(t, err) }));
      }
    }
  }, [board.id, t]);

  const loadFiles = useCallback(
    async (ids: readonly string[]) => {
      const excalidraw = apiRef.current;
      if (!excalidraw) return;
      const have = excalidraw.getFiles();
      const missing = ids.filter((id) => !have[id]);
      if (missing.length === 0) return;
      const loaded = await Promise.allSettled(
        missing.map(async (id): Promise<BinaryFileData> => {
          const blob = await fetchBoardFile(board.id, id);
          return {
            id: id as BinaryFileData['id'],
            dataURL: (await blobToDataUrl(blob)) as BinaryFileData['dataURL'],
            mimeType: blob.type as BinaryFileData['mimeType'],
            created: Date.now(),
          };
        }),
      );
      const files = loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      for (const file of files) knownFiles.current.add(file.id);
      if (files.length > 0) excalidraw.addFiles(files);
      if (files.length < missing.length) toastError(t('editor.filesFailed'));
    },
    [board.id, t],
  );

  useEffect(() => {
    if (api) void loadFiles(board.fileIds);
  }, [api, board.fileIds, loadFiles]);

  // ── Thumbnail: a small PNG a little after saves. ───────────────────────────────────────────────

  const sendThumbnail = useCallback(async () => {
    const excalidraw = apiRef.current;
    if (!excalidraw) return;
    const elements = excalidraw.getSceneElements();
    if (elements.length === 0) return;
    const png = await exportToBlob({
      elements,
      appState: { ...excalidraw.getAppState(), exportBackground: true, exportWithDarkMode: false },
      files: excalidraw.getFiles(),
      maxWidthOrHeight: THUMBNAIL_SIZE,
      mimeType: 'image/png',
    });
    if (png.size <= BOARD_THUMBNAIL_MAX_BYTES) await uploadThumbnail(board.id, png);
  }, [board.id]);

  const scheduleThumbnail = useCallback(() => {
    if (thumbnailTimer.current) clearTimeout(thumbnailTimer.current);
    thumbnailTimer.current = setTimeout(() => {
      thumbnailTimer.current = null;
      void sendThumbnail().catch(() => undefined);
    }, THUMBNAIL_DELAY_MS);
  }, [sendThumbnail]);

  // ── Autosave (owner only). ────────────────────────────────────────────────────────────────────

  const autosaveRef = useRef<BoardAutosave | null>(null);
  const uploadRef = useRef(uploadPendingFiles);
  const thumbnailRef = useRef(scheduleThumbnail);
  useEffect(() => {
    uploadRef.current = uploadPendingFiles;
    thumbnailRef.current = scheduleThumbnail;
  }, [uploadPendingFiles, scheduleThumbnail]);

  // One autosave per opened board (the component is keyed by the board's id).
  useEffect(() => {
    if (readOnly) return;
    const boardId = board.id;
    const autosave = new BoardAutosave({
      boardId,
      userId,
      version: board.version,
      signature: sceneSignature(board.scene.elements as SceneElement[], board.scene.appState),
      save: async (scene, version) => {
        await uploadRef.current();
        return saveScene(boardId, scene, version);
      },
      outbox: sceneOutbox(),
      onState: setSaveState,
      onSaved: () => thumbnailRef.current(),
    });
    autosaveRef.current = autosave;
    const online = () => void autosave.online();
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (autosave.dirty && autosave.current.status !== 'offline') {
        void autosave.flush();
        e.preventDefault();
      }
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      autosaveRef.current = null;
      void autosave.flush().finally(() => autosave.dispose());
    };
    // The board as opened: later versions are the autosave's business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [board.id, readOnly, userId]);

  useEffect(
    () => () => {
      if (thumbnailTimer.current) {
        clearTimeout(thumbnailTimer.current);
        void sendThumbnail().catch(() => undefined);
      }
    },
    [sendThumbnail],
  );

  // A scene this device kept while offline (an earlier visit) comes back into the editor.
  useEffect(() => {
    const autosave = autosaveRef.current;
    if (!api || !autosave) return;
    void autosave.restorePending().then((draft) => {
      if (!draft) return;
      api.updateScene({
        elements: draft.scene.elements as unknown as Elements,
        captureUpdate: CaptureUpdateAction.NEVER,
      });
    });
  }, [api]);

  const onChange = useCallback((elements: Elements, appState: AppState, files: BinaryFiles) => {
    const live = elements.reduce((n, el) => (el.isDeleted ? n : n + 1), 0);
    setElementCount(live);
    setZoom(appState.zoom.value);
    if (!fitted.current && live > 0 && appState.width > 0) {
      fitted.current = true;
      // After Excalidraw's own first scroll (initialData.scrollToContent, which only centres).
      requestAnimationFrame(() =>
        apiRef.current?.scrollToContent(undefined, { fitToContent: true, animate: false }),
      );
    }
    const autosave = autosaveRef.current;
    if (!autosave) return;
    for (const [id, file] of Object.entries(files)) {
      if (!knownFiles.current.has(id) && !pendingFiles.current.has(id)) {
        pendingFiles.current.set(id, file);
      }
    }
    const els = elements as unknown as SceneElement[];
    const signature = sceneSignature(els, appState);
    if (!baselineSet.current) {
      baselineSet.current = true;
      autosave.setBaseline(signature);
      return;
    }
    autosave.change(signature, () => toStoredScene(els, appState));
  }, []);

  async function resolveConflict(choice: 'mine' | 'theirs') {
    const autosave = autosaveRef.current;
    if (!autosave) return;
    try {
      const current = await fetchBoard(board.id);
      if (choice === 'mine') {
        await autosave.keepMine(current.version);
        return;
      }
      const elements = current.scene.elements as SceneElement[];
      await autosave.useTheirs(current.version, sceneSignature(elements, current.scene.appState));
      api?.updateScene({
        elements: elements as unknown as Elements,
        captureUpdate: CaptureUpdateAction.NEVER,
      });
      await loadFiles(current.fileIds);
    } catch (err) {
      toastError(t('conflict.failed', { reason: boardErrorText(t, err) }));
    }
  }

  // ── Read-only: follow the board's saves live (a presentation, a shared board). ─────────────────

  useEffect(() => {
    if (!readOnly || !api) return;
    const url = `${config.apiPrefix.replace(/\/$/, '')}/boards/${encodeURIComponent(board.id)}/events`;
    const source = new EventSource(url, { withCredentials: true });
    let lastVersion = board.version;
    let presenting = board.presentingTo;
    source.addEventListener('scene', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as BoardSceneEvent;
      if (data.version <= lastVersion) return;
      lastVersion = data.version;
      // Elements only: the student's own scroll and zoom stay as they are.
      api.updateScene({
        elements: data.scene.elements as unknown as Elements,
        captureUpdate: CaptureUpdateAction.NEVER,
      });
      void loadFiles(data.fileIds);
    });
    source.addEventListener('presentation', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as BoardPresentationEvent;
      setPresentationEnded(presenting !== null && data.presentingTo === null);
      presenting = data.presentingTo;
      setPresentingTo(data.presentingTo);
    });
    source.addEventListener('deleted', () => {
      setGone(true);
      source.close();
    });
    return () => source.close();
  }, [readOnly, api, board.id, board.version, board.presentingTo, config.apiPrefix, loadFiles]);

  // ── Deleted while open: the drawing becomes a new board (images uploaded after). ─────────────────

  async function saveAsNew() {
    const excalidraw = apiRef.current;
    if (!excalidraw) return;
    try {
      const elements = excalidraw.getSceneElements() as unknown as SceneElement[];
      const scene = toStoredScene(elements, excalidraw.getAppState());
      const created = await createBoard.mutateAsync({ title: board.title, scene });
      const files = excalidraw.getFiles();
      const used = new Set(elements.map((el) => el.fileId).filter(Boolean));
      for (const id of used) {
        const file = id ? files[id] : undefined;
        if (!file) continue;
        await uploadBoardFile(created.id, file.id, dataUrlToBlob(file.dataURL)).catch(
          (err: unknown) => toastError(t('editor.imageFailed', { reason: boardErrorText(t, err) })),
        );
      }
      toastSuccess(t('deleted.savedAsNew', { title: created.title }));
      void navigate(boardPath(created.id));
    } catch (err) {
      toastError(t('deleted.saveAsNewFailed', { reason: boardErrorText(t, err) }));
    }
  }

  // ── Export. ───────────────────────────────────────────────────────────────────────────────────

  async function exportAs(kind: 'png' | 'svg') {
    if (!api) return;
    try {
      const elements = api.getSceneElements();
      const appState = { ...api.getAppState(), exportBackground: true, exportWithDarkMode: false };
      const files = api.getFiles();
      const name = exportFileName(board.title, kind, t('untitled'));
      if (kind === 'png') {
        downloadBlob(
          await exportToBlob({ elements, appState, files, mimeType: 'image/png' }),
          name,
        );
      } else {
        // Fonts are not inlined: Excalidraw subsets them with HarfBuzz (WebAssembly built with
        // `new Function`), which our CSP (no 'unsafe-eval') refuses. The SVG names its fonts.
        const svg = await exportToSvg({ elements, appState, files, skipInliningFonts: true });
        const text = new XMLSerializer().serializeToString(svg);
        downloadBlob(new Blob([text], { type: 'image/svg+xml' }), name);
      }
    } catch {
      toastError(t('editor.exportFailed'));
    }
  }

  const langCode = i18n.language.startsWith('en') ? 'en' : 'pt-BR';
  const following = readOnly && presentingTo !== null && board.access === 'class';

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="min-w-0 text-xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">
          {board.handout && board.access === 'teacher'
            ? `${board.title} — ${t('editor.studentCopy', { name: board.owner.name })}`
            : board.title}
        </h1>
        {!readOnly ? <SaveStatus state={saveState} /> : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {/* A deleted board can no longer be shared, presented or handed out. */}
          {!readOnly && saveState.status !== 'deleted' ? <ClassroomBar board={board} /> : null}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" disabled={!api}>
                <Download aria-hidden />
                {t('editor.export')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void exportAs('png')}>
                {t('editor.exportPng')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void exportAs('svg')}>
                {t('editor.exportSvg')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      {readOnly ? (
        <div
          role="status"
          data-testid="board-read-only"
          className="flex flex-wrap items-center gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 px-3 py-2 text-sm text-sky-100"
        >
          <Eye className="size-4" aria-hidden />
          <strong>{t('editor.readOnly')}</strong>
          <span>
            {gone
              ? t('editor.deletedLive')
              : presentationEnded
                ? t('editor.presentationEnded')
                : following
                  ? t('editor.following')
                  : t('editor.readOnlyHint')}
          </span>
          {following ? <Radio className="size-4 text-red-400" aria-hidden /> : null}
        </div>
      ) : saveState.status === 'deleted' ? (
        <BoardDeletedBanner onSaveAsNew={saveAsNew} />
      ) : board.handout ? (
        <p className="text-sm text-zinc-300">
          {t('editor.handoutCopy', { class: board.handout.class.name })}
        </p>
      ) : null}

      <div
        role="region"
        aria-label={t('editor.canvasLabel', { title: board.title })}
        data-testid="board-canvas"
        data-elements={elementCount}
        data-zoom={zoom}
        className="relative h-[calc(100dvh-14rem)] min-h-[26rem] w-full overflow-hidden rounded-lg border border-border"
      >
        <Excalidraw
          excalidrawAPI={onApi}
          initialData={initialData}
          onChange={onChange}
          theme="dark"
          langCode={langCode}
          viewModeEnabled={readOnly}
          aiEnabled={false}
          UIOptions={{
            canvasActions: {
              loadScene: false,
              saveToActiveFile: false,
              export: false,
              saveAsImage: false,
              toggleTheme: false,
            },
          }}
        >
          {/* Excalidraw's own menu without its "Excalidraw links" (GitHub, X, Discord): a school's
              board sends nobody to social networks. */}
          <MainMenu>
            <MainMenu.DefaultItems.SearchMenu />
            <MainMenu.DefaultItems.Help />
            <MainMenu.DefaultItems.ClearCanvas />
            <MainMenu.Separator />
            <MainMenu.DefaultItems.ChangeCanvasBackground />
          </MainMenu>
        </Excalidraw>
      </div>

      {!readOnly ? (
        <ConflictDialog
          open={saveState.status === 'conflict'}
          onChoose={(choice) => void resolveConflict(choice)}
        />
      ) : null}
    </div>
  );
}
