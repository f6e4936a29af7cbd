import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Copy, Grid2x2, Presentation, Share2, Square } from 'lucide-react';
import type { Board } from '@aprenda/shared/schemas/boards';
import { ClassCheckboxes } from '@/components/classes/class-checkboxes';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { toastError, toastSuccess } from '@/lib/toast';
import { useHandOutBoard, usePresentBoard, useShareBoard, useTeachingClasses } from '../api/boards';
import { boardErrorText } from '../lib/errors';
import { handoutsPath } from '../lib/paths';

type Dialogs = 'share' | 'present' | 'handout' | null;

/**
 * The owner's classroom actions, shown when they teach a class: share read-only, present live
 * ("Apresentar para a turma" / "Parar de apresentar"), hand out copies, and the hand-outs' grids.
 * A student's own copy (a hand-out) has none of these.
 */
export function ClassroomBar({ board }: { board: Board }) {
  const { t } = useTranslation(['whiteboard', 'errors']);
  const classes = useTeachingClasses(board.handout === null);
  const present = usePresentBoard(board.id);
  const [open, setOpen] = useState<Dialogs>(null);
  if (board.handout !== null) return null;
  const teaches = (classes.data?.items.length ?? 0) > 0;
  if (!teaches && board.sharedWith.length === 0 && !board.presentingTo) return null;

  return (
    <>
      {board.presentingTo ? (
        <Button
          size="sm"
          variant="destructive"
          pending={present.isPending}
          onClick={() =>
            present.mutate(null, {
              onSuccess: () => toastSuccess(t('classroom.presentStopped')),
              onError: (err) => toastError(boardErrorText(t, err)),
            })
          }
        >
          <Square aria-hidden />
          {t('classroom.stopPresenting')}
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setOpen('present')}>
          <Presentation aria-hidden />
          {t('classroom.present')}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setOpen('share')}>
        <Share2 aria-hidden />
        {t('classroom.share')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('handout')}>
        <Copy aria-hidden />
        {t('classroom.handout')}
      </Button>
      {board.presentingTo ? (
        <p className="w-full text-sm text-red-200" role="status">
          {t('classroom.presenting', { name: board.presentingTo.name })}
        </p>
      ) : null}
      {board.handouts.length > 0 ? (
        <nav aria-label={t('classroom.copies')} className="flex w-full flex-wrap gap-2">
          {board.handouts.map((h) => (
            <Link
              key={h.class.id}
              to={handoutsPath(board.id, h.class.id)}
              className="flex items-center gap-1 text-sm text-sky-300 hover:underline"
              aria-label={t('classroom.viewCopies', { class: h.class.name })}
            >
              <Grid2x2 className="size-4" aria-hidden />
              {t('classroom.copiesOf', { class: h.class.name, count: h.copies })}
            </Link>
          ))}
        </nav>
      ) : null}
      <ShareDialog board={board} open={open === 'share'} onClose={() => setOpen(null)} />
      <ClassChoiceDialog
        board={board}
        kind="present"
        open={open === 'present'}
        onClose={() => setOpen(null)}
      />
      <ClassChoiceDialog
        board={board}
        kind="handout"
        open={open === 'handout'}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

function ClassesState({
  children,
}: {
  children: (classes: { id: string; title: string }[]) => React.ReactNode;
}) {
  const { t } = useTranslation('whiteboard');
  const classes = useTeachingClasses();
  if (classes.isPending) return <LoadingState>{t('classroom.loadingClasses')}</LoadingState>;
  if (classes.isError) {
    return (
      <ErrorBox retryLabel={t('retry')} onRetry={() => void classes.refetch()}>
        {t('classroom.classesError')}
      </ErrorBox>
    );
  }
  if (classes.data.items.length === 0) return <p className="text-sm">{t('classroom.noClasses')}</p>;
  return <>{children(classes.data.items)}</>;
}

function ShareDialog({
  board,
  open,
  onClose,
}: {
  board: Board;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['whiteboard', 'errors']);
  const share = useShareBoard(board.id);
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(board.sharedWith.map((c) => c.id)),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setChosen(new Set(board.sharedWith.map((c) => c.id)));
        else onClose();
      }}
    >
      <DialogContent closeLabel={t('close')} className="max-w-md">
        <DialogTitle>{t('classroom.shareTitle')}</DialogTitle>
        <DialogDescription>{t('classroom.shareLead')}</DialogDescription>
        <ClassesState>
          {(classes) => (
            <ClassCheckboxes
              classes={classes}
              chosen={chosen}
              onChange={setChosen}
              legend={t('classroom.class')}
              legendHidden
            />
          )}
        </ClassesState>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            pending={share.isPending}
            onClick={() =>
              share.mutate([...chosen], {
                onSuccess: () => {
                  toastSuccess(t('classroom.shared'));
                  onClose();
                },
                onError: (err) => toastError(boardErrorText(t, err)),
              })
            }
          >
            {t('classroom.shareSave')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Pick one class to present to, or to hand copies out to. */
function ClassChoiceDialog({
  board,
  kind,
  open,
  onClose,
}: {
  board: Board;
  kind: 'present' | 'handout';
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['whiteboard', 'errors']);
  const present = usePresentBoard(board.id);
  const handout = useHandOutBoard(board.id);
  const [classId, setClassId] = useState('');
  const id = useId();
  const mutation = kind === 'present' ? present : handout;

  function submit(classes: { id: string; title: string }[]) {
    const chosen = classes.find((c) => c.id === classId) ?? classes[0];
    if (!chosen) return;
    mutation.mutate(chosen.id, {
      onSuccess: () => {
        toastSuccess(
          kind === 'present'
            ? t('classroom.presentStarted', { name: chosen.title })
            : t('classroom.handedOut', { name: chosen.title }),
        );
        onClose();
      },
      onError: (err) => toastError(boardErrorText(t, err)),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t('close')} className="max-w-md">
        <DialogTitle>
          {kind === 'present' ? t('classroom.presentTitle') : t('classroom.handoutTitle')}
        </DialogTitle>
        <DialogDescription>
          {kind === 'present' ? t('classroom.presentLead') : t('classroom.handoutLead')}
        </DialogDescription>
        <ClassesState>
          {(classes) => (
            <form
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                submit(classes);
              }}
            >
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-class`}>{t('classroom.class')}</Label>
                <NativeSelect
                  id={`${id}-class`}
                  value={classId || classes[0]?.id}
                  onChange={(e) => setClassId(e.target.value)}
                >
                  {classes.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" pending={mutation.isPending}>
                  {kind === 'present' ? t('classroom.presentStart') : t('classroom.handoutStart')}
                </Button>
              </DialogFooter>
            </form>
          )}
        </ClassesState>
      </DialogContent>
    </Dialog>
  );
}
