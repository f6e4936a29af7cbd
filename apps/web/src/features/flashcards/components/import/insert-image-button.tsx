import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus } from 'lucide-react';
import { MEDIA_MAX_BYTES } from '@aprenda/shared/schemas/flashcards';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { useUploadMedia } from '../../api/import-export';

/**
 * "Imagem" in the card editor: picks an image (PNG, JPEG, GIF or WebP, ≤ 2 MB), uploads it to the
 * deck and hands back the markdown to insert (`![](/api/media/<id>)`). Too large or another type:
 * said at once, nothing sent.
 */
export function InsertImageButton({
  deckId,
  onInsert,
  disabled,
  side,
}: {
  deckId: string;
  onInsert: (markdown: string) => void;
  disabled?: boolean;
  /** Which side it adds to: names the button apart from the other side's. */
  side?: 'front' | 'back';
}) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia(deckId);
  // The upload ends later: insert through the newest callback (the text may have changed).
  const insert = useRef(onInsert);
  useEffect(() => {
    insert.current = onInsert;
  });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MEDIA_MAX_BYTES) {
      toastError(t('errors:media_too_large'));
      return;
    }
    if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) {
      toastError(t('errors:media_type_unsupported'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (media) => insert.current(`![](${media.url})`),
      onError: (err) => toastError(`${t('flashcards:media.error')}: ${errorMessage(t, err)}`),
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled || upload.isPending}
        onClick={() => input.current?.click()}
        aria-label={side && !upload.isPending ? t(`flashcards:media.insertOn.${side}`) : undefined}
      >
        <ImagePlus aria-hidden />
        {upload.isPending ? t('flashcards:media.uploading') : t('flashcards:media.insert')}
      </Button>
    </>
  );
}
