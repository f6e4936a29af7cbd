import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { afterFirstScreen } from '@/lib/first-screen';
import { NavDrawerButton, UserMenuButton } from './menu-buttons';
import type { UnsentWork } from './user-menu';

const loadUserMenu = () => import('./user-menu');
const loadNavDrawer = () => import('./nav-drawer');
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

/**
 * The user menu, loaded on first use (decision 0033): until then its button alone, which starts
 * loading the menu when pointed at or focused, and opens it when pressed. Once the first screen
 * is up it is fetched all the same: a phone that loses its connection later can still open the
 * menu (and be told what signing out would lose).
 */
export function LazyUserMenu({ user, unsentWork }: { user: SessionUser; unsentWork?: UnsentWork }) {
  const [wanted, setWanted] = useState(false);
  // Enter or Space (a click with detail 0): the menu opens with its first item focused.
  const [byKeyboard, setByKeyboard] = useState(false);
  const { i18n } = useTranslation();
  useEffect(() => {
    void afterFirstScreen()
      .then(loadUserMenu)
      .then((m) => i18n.loadNamespaces(m.SIGN_OUT_NAMESPACE))
      .catch(() => undefined);
  }, [i18n]);
  const button = (
    <UserMenuButton
      user={user}
      aria-expanded={false}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={(e) => {
        setByKeyboard(e.detail === 0);
        setWanted(true);
      }}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} unsentWork={unsentWork} defaultOpen focusFirstItem={byKeyboard} />
    </Suspense>
  );
}

/** The navigation drawer of small screens, loaded on first use like the user menu. */
export function LazyNavDrawer({ teaches }: { teaches: boolean }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <NavDrawerButton
      aria-expanded={false}
      onPointerEnter={() => void loadNavDrawer()}
      onFocus={() => void loadNavDrawer()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <NavDrawer teaches={teaches} defaultOpen />
    </Suspense>
  );
}
