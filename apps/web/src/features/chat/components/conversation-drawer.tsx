import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

/** The conversation list in a drawer, on small screens with a conversation open (chat-page.tsx). */
export function ConversationDrawer({
  open,
  onOpenChange,
  touch,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Touch screens: opening the list must not focus its search box (the keyboard would cover it). */
  touch: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(['chat', 'dashboard']);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel={t('dialog.close')}
        className="w-80 pt-12"
        onOpenAutoFocus={(e) => {
          if (!touch) return;
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <SheetTitle className="sr-only">{t('sidebar.title')}</SheetTitle>
        <SheetDescription className="sr-only">{t('dashboard:tools.chat.summary')}</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
