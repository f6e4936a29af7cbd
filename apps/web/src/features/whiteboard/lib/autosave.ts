import {
  BOARD_AUTOSAVE_DELAY_MS,
  type BoardSaved,
  type BoardScene,
} from '@aprenda/shared/schemas/boards';
import { isConflict, isGone, isOffline } from './errors';
import type { SceneOutbox } from './outbox';

/**
 * The autosave of one board, without Excalidraw (tested in autosave.test.ts):
 * - `change` is called on every Excalidraw onChange with the scene's signature; an unchanged
 *   signature is ignored (pointer moves, selection, scroll), a new one (re)starts the timer;
 * - the save goes `delay` ms after the last change, carrying the version it was based on;
 * - no connection: the scene waits in the outbox (IndexedDB) and goes when `online()` is called;
 * - 409: stops in `conflict` until the user chooses (`keepMine` with the server's current version,
 *   or `useTheirs`); nothing is sent meanwhile, so nothing is ever overwritten silently;
 * - 404: the board was deleted (another tab, or its owner): stops in `deleted` for good; nothing
 *   is sent any more and the editor keeps the drawing for "Salvar como novo quadro" or an export;
 * - another failure (a limit): `error` with the failure; the next change tries again.
 */
export type SaveStatus =
  'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'deleted' | 'error';

export interface AutosaveState {
  status: SaveStatus;
  version: number;
  /** The failure of the last save (status `error`). */
  error: unknown;
}

export interface AutosaveOptions {
  boardId: string;
  userId: string;
  version: number;
  /** Signature of the scene the board was opened with. */
  signature: string;
  save: (scene: BoardScene, version: number) => Promise<BoardSaved>;
  outbox: SceneOutbox;
  onState?: (state: AutosaveState) => void;
  /** After each successful save (the thumbnail goes then). */
  onSaved?: (saved: BoardSaved) => void;
  delayMs?: number;
}

interface Draft {
  scene: BoardScene;
  signature: string;
}

export class BoardAutosave {
  private version: number;
  private savedSignature: string;
  private draft: Draft | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private state: AutosaveState;
  private disposed = false;
  private readonly delay: number;

  private readonly options: AutosaveOptions;

  constructor(options: AutosaveOptions) {
    this.options = options;
    this.version = options.version;
    this.savedSignature = options.signature;
    this.delay = options.delayMs ?? BOARD_AUTOSAVE_DELAY_MS;
    this.state = { status: 'saved', version: this.version, error: null };
  }

  get current(): AutosaveState {
    return this.state;
  }

  /** Whether there is a change not yet stored on the server. */
  get dirty(): boolean {
    return this.draft !== null;
  }

  /** The scene as Excalidraw has it now; `scene` is built only when the signature changed. */
  change(signature: string, scene: () => BoardScene): void {
    if (this.disposed) return;
    const base = this.draft?.signature ?? this.savedSignature;
    if (signature === base) return;
    this.draft = { signature, scene: scene() };
    if (this.state.status === 'conflict' || this.state.status === 'deleted') return;
    if (this.state.status !== 'offline') this.set('pending');
    this.schedule();
  }

  /**
   * The signature Excalidraw reports for the scene as opened (its restore may renumber versions):
   * the saved baseline, unless a change is already waiting.
   */
  setBaseline(signature: string): void {
    if (!this.draft) this.savedSignature = signature;
  }

  /** Send now what waits (leaving the page, back online). */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.inFlight) await this.inFlight;
    if (!this.draft || this.disposed) return;
    if (this.state.status === 'conflict' || this.state.status === 'deleted') return;
    this.inFlight = this.send(this.draft).finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  /** The connection is back: send what waits. */
  online(): Promise<void> {
    return this.state.status === 'offline' ? this.flush() : Promise.resolve();
  }

  /** A scene left in the outbox by an earlier visit (same user): it becomes the draft again. */
  async restorePending(): Promise<Draft | null> {
    const pending = await this.options.outbox.get(this.options.boardId);
    if (!pending || pending.userId !== this.options.userId) return null;
    if (pending.version !== this.version) {
      // The board changed on the server since: the user chooses, as for a 409.
      this.draft = { scene: pending.scene, signature: pending.signature };
      this.set('conflict');
      return this.draft;
    }
    this.draft = { scene: pending.scene, signature: pending.signature };
    this.set('pending');
    this.schedule();
    return this.draft;
  }

  /** "Manter a minha versão": save the draft over `currentVersion` (the server's). */
  async keepMine(currentVersion: number): Promise<void> {
    this.version = currentVersion;
    this.set('pending');
    await this.flush();
  }

  /** "Usar a versão salva": drop the draft; the editor shows the server's scene. */
  async useTheirs(version: number, signature: string): Promise<void> {
    this.clearTimer();
    this.draft = null;
    this.version = version;
    this.savedSignature = signature;
    await this.options.outbox.delete(this.options.boardId);
    this.set('saved');
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private schedule() {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delay);
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async send(draft: Draft): Promise<void> {
    this.set('saving');
    try {
      const saved = await this.options.save(draft.scene, this.version);
      this.version = saved.version;
      this.savedSignature = draft.signature;
      // A change made while saving stays the draft (and is sent next).
      if (this.draft === draft) this.draft = null;
      await this.options.outbox.delete(this.options.boardId).catch(() => undefined);
      if (this.disposed) return;
      this.options.onSaved?.(saved);
      if (this.draft) {
        this.set('pending');
        this.schedule();
      } else {
        this.set('saved');
      }
    } catch (err) {
      if (isOffline(err)) {
        const latest = this.draft ?? draft;
        await this.options.outbox
          .put({
            boardId: this.options.boardId,
            userId: this.options.userId,
            version: this.version,
            scene: latest.scene,
            signature: latest.signature,
            savedAt: Date.now(),
          })
          .catch(() => undefined);
        this.set('offline');
      } else if (isConflict(err)) {
        this.set('conflict');
      } else if (isGone(err)) {
        this.clearTimer();
        this.set('deleted');
      } else {
        this.set('error', err);
      }
    }
  }

  private set(status: SaveStatus, error: unknown = null) {
    this.state = { status, version: this.version, error };
    this.options.onState?.(this.state);
  }
}
