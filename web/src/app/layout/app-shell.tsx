import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MembershipNoticeBanner } from '@/features/membership-notices/components/membership-notice-banner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { AssistantPanel } from './assistant-panel';
import { Header } from './header';
import { KeyboardCommands } from './keyboard-commands';
import { useRouteFocus } from './route-focus';
import { Sidebar } from './sidebar';
import './app-shell.css';

const SIDEBAR_ID = 'app-sidebar';
/** Below this width the sidebar starts collapsed and, opened, lies over the page instead of narrowing it. */
const NARROW_SIDEBAR_QUERY = '(max-width: 768px)';

/** The layout of every signed-in page: sidebar, header, the page and the AI chat panel. */
export function AppShell() {
  const [storedCollapsed, setStoredCollapsed] = useState(() => readStorage(storageKeys.sidebarCollapsed) === 'true');
  const narrow = useMediaQuery(NARROW_SIDEBAR_QUERY);
  // Opened over the page on this page only: following a link in it closes it (as does Escape).
  const { pathname } = useLocation();
  const [openOverPageAt, setOpenOverPageAt] = useState<string | null>(null);
  const openOverPage = openOverPageAt === pathname;
  const collapsed = narrow ? !openOverPage : storedCollapsed;
  const overlay = narrow && openOverPage;
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);

  useEffect(() => {
    if (!overlay) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOverPageAt(null);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [overlay]);

  const toggle = () => {
    if (narrow) return setOpenOverPageAt(openOverPage ? null : pathname);
    setStoredCollapsed(!storedCollapsed);
    writeStorage(storageKeys.sidebarCollapsed, String(!storedCollapsed));
  };

  return (
    <div className={`app-shell${collapsed ? ' app-shell-collapsed' : ''}${overlay ? ' app-shell-overlay' : ''}`}>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Sidebar id={SIDEBAR_ID} collapsed={collapsed} onToggle={toggle} />
      <div className="app-main">
        <Header />
        <main ref={mainRef} id="main-content" className="app-content" tabIndex={-1}>
          <MembershipNoticeBanner />
          <Outlet />
        </main>
      </div>
      <AssistantPanel />
      <KeyboardCommands />
    </div>
  );
}
