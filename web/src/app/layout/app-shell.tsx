import { useRef, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { MembershipNoticeBanner } from '@/features/membership-notices/components/membership-notice-banner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { DRAWER_QUERY, shellLayoutChanged, useChatPanelOpen } from '@/features/assistant';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { RouteErrorBoundary } from '../routes/error';
import { AssistantPanel } from './assistant-panel';
import { ConnectionNotice } from './connection-notice';
import { MobileLayoutOffer } from './mobile-layout-offer';
import { Header } from './header';
import { KeyboardCommands } from './keyboard-commands';
import { NavigationDrawer } from './navigation-drawer';
import { useRouteFocus } from './route-focus';
import { Sidebar } from './sidebar';
import { TwoFactorNeededGate } from './two-factor-needed';
import { SkipLinks } from './skip-links';
import './app-shell.css';

const SIDEBAR_ID = 'app-sidebar';
const DRAWER_ID = 'app-navigation-drawer';
const MAIN_ID = 'main-content';
const CHAT_COVERS_PAGE_QUERY = '(max-width: 480px)';

/** The layout of every signed-in page: sidebar (or drawer), header, the page and the AI chat panel. */
export function AppShell() {
  const [storedCollapsed, setStoredCollapsed] = useState(() => readStorage(storageKeys.sidebarCollapsed) === 'true');
  const narrow = useMediaQuery(DRAWER_QUERY);
  // The drawer belongs to the history entry it was opened on: following any link in it closes it.
  const location = useLocation();
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  // A window widened past the drawer's width closes it for good, not until it is narrow again.
  if (!narrow && drawerOpenAt !== null) setDrawerOpenAt(null);
  const drawerOpen = narrow && drawerOpenAt === location.key;
  // Where the open chat panel covers the whole page (a phone: its width is min(100vw, 480px) below 900 px),
  // what lies under it is out of reach (inert); wider, the page beside it stays usable.
  const chatOpen = useChatPanelOpen();
  const chatCoversPage = useMediaQuery(CHAT_COVERS_PAGE_QUERY) && chatOpen && !matchPath(paths.app.ai.path, location.pathname);
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);

  const toggleSidebar = () => {
    setStoredCollapsed(!storedCollapsed);
    writeStorage(storageKeys.sidebarCollapsed, String(!storedCollapsed));
    // The room beside the sidebar changed: the chat panel may dock again, or cover the page.
    shellLayoutChanged();
  };

  const menuButton = narrow ? (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      aria-label="Menu"
      title="Menu"
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      aria-controls={drawerOpen ? DRAWER_ID : undefined}
      onClick={() => setDrawerOpenAt(location.key)}
    >
      <MenuIcon />
    </button>
  ) : undefined;

  return (
    <div className={`app-shell${narrow ? ' app-shell-drawer' : storedCollapsed ? ' app-shell-collapsed' : ''}`}>
      <SkipLinks mainId={MAIN_ID} />
      {narrow ? null : <Sidebar id={SIDEBAR_ID} collapsed={storedCollapsed} onToggle={toggleSidebar} />}
      <div className="app-main" inert={chatCoversPage}>
        <Header navigationButton={menuButton} />
        <main ref={mainRef} id={MAIN_ID} className="app-content" tabIndex={-1}>
          <ConnectionNotice />
          <MobileLayoutOffer />
          <MembershipNoticeBanner />
          <RouteErrorBoundary resetKey={location.pathname} inShell>
            <TwoFactorNeededGate>
              <Outlet />
            </TwoFactorNeededGate>
          </RouteErrorBoundary>
        </main>
      </div>
      <AssistantPanel />
      <KeyboardCommands />
      {drawerOpen ? <NavigationDrawer id={DRAWER_ID} onClose={() => setDrawerOpenAt(null)} /> : null}
    </div>
  );
}
