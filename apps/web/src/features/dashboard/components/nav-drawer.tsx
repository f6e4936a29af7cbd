import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/layout/logo';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { NavDrawerButton } from './menu-buttons';
import { ToolNav } from './tool-nav';

/** The tool navigation in a drawer, for small screens (loaded on first use: shell-menus.tsx). */
export function NavDrawer({
  teaches,
  defaultOpen = false,
}: {
  teaches: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <NavDrawerButton />
      </SheetTrigger>
      <SheetContent closeLabel={t('nav.close')}>
        <SheetTitle className="sr-only">{t('nav.label')}</SheetTitle>
        <SheetDescription className="sr-only">{t('common:appName')}</SheetDescription>
        <Logo to="/dashboard" />
        <ToolNav teaches={teaches} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
