import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp } from 'lucide-react';
import { GIFT_TEXT_MAX } from '@aprenda/shared/schemas/exercises';
import { SkillField } from '@/components/skills/skill-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useGiftImport, type GiftImportAnswer } from '../../api/items';
import { giftFileProblem } from '../../lib/item-text';
import { GiftPreview } from './gift-preview';
import { fullScreenOnPhone } from './item-editor-dialog';

/**
 * "Importar GIFT": Moodle GIFT text pasted or read from a .gift/.txt file (in the browser, up to
 * 1 MB), an optional skill for every question; "Verificar" shows what will be imported and what
 * cannot be, with its line and why; "Importar N questões" saves the good ones.
 */
export function GiftImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('exercises');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className={fullScreenOnPhone}>
        <DialogTitle>{t('gift.title')}</DialogTitle>
        <DialogDescription>{t('gift.lead')}</DialogDescription>
        {open ? <GiftImportForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GiftImportForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation(['exercises', 'errors']);
  const id = useId();
  const [text, setText] = useState('');
  const [skillId, setSkillId] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | undefined>();
  const [preview, setPreview] = useState<GiftImportAnswer | null>(null);
  const gift = useGiftImport();
  const maxText = new Intl.NumberFormat(i18n.language).format(GIFT_TEXT_MAX / 1_000_000);

  function changeText(next: string) {
    setText(next);
    setPreview(null);
    setTextError(undefined);
  }

  async function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = giftFileProblem(file);
    if (problem) {
      setTextError(t(`gift.file.${problem}`, { name: file.name, max: maxText }));
      return;
    }
    try {
      changeText(await file.text());
    } catch {
      setTextError(t('gift.file.unreadable', { name: file.name }));
    }
  }

  function check(): boolean {
    if (!text.trim()) {
      setTextError(t('gift.required'));
      return false;
    }
    if (text.length > GIFT_TEXT_MAX) {
      setTextError(t('gift.file.tooBig', { name: '', max: maxText }));
      return false;
    }
    return true;
  }

  function verify() {
    if (!check()) return;
    gift.mutate(
      { text, save: false, skill_id: skillId },
      {
        onSuccess: setPreview,
        onError: (err) => setTextError(errorMessage(t, err)),
      },
    );
  }

  function save() {
    if (!check()) return;
    gift.mutate(
      { text, save: true, skill_id: skillId },
      {
        onSuccess: (answer) => {
          toastSuccess(t('gift.imported', { count: answer.saved.length }));
          onDone();
        },
        onError: (err) => {
          setTextError(errorMessage(t, err));
          toastError(errorMessage(t, err));
        },
      },
    );
  }

  const good = preview?.items.length ?? 0;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-zinc-300">{t('gift.supported')}</p>
      <Field id={`${id}-text`} label={t('gift.text')} error={textError} hint={t('gift.textHint')}>
        <Textarea
          {...fieldAria(`${id}-text`, textError, t('gift.textHint'))}
          rows={8}
          value={text}
          spellCheck={false}
          className="font-mono text-sm"
          onChange={(e) => changeText(e.target.value)}
        />
      </Field>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={`${id}-file`}
          className="inline-flex h-10 cursor-pointer items-center gap-2 self-start rounded-md border border-input px-4 text-sm font-medium hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
        >
          <FileUp className="size-4" aria-hidden />
          {t('gift.chooseFile')}
          <input
            id={`${id}-file`}
            type="file"
            accept=".gift,.txt,text/plain"
            className="sr-only"
            onChange={(e) => void chooseFile(e)}
          />
        </label>
        <p className="text-xs text-zinc-400">{t('gift.fileHint', { max: maxText })}</p>
      </div>
      <SkillField
        value={skillId}
        onChange={(next) => {
          setSkillId(next);
          setPreview(null);
        }}
        hint={t('gift.skillHint')}
      />
      {preview ? <GiftPreview answer={preview} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        {preview && good > 0 ? (
          <Button type="button" pending={gift.isPending} onClick={save}>
            {t('gift.import', { count: good })}
          </Button>
        ) : (
          <Button type="button" pending={gift.isPending} onClick={verify}>
            {t('gift.verify')}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
