import { useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import { AssistantPanel } from './assistant-panel';
import { Header } from './header';
import { useRouteFocus } from './route-focus';
import { Sidebar } from './sidebar';
import './app-shell.css';

const SIDEBAR_ID = 'app-sidebar';

/** The layout of every signed-in page: sidebar, header, the page and the AI chat panel. */
export function AppShell() {
  const [collapsed, setCollapsed] = useState(() => readStorage(storageKeys.sidebarCollapsed) === 'true');
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    writeStorage(storageKeys.sidebarCollapsed, String(next));
  };

  return (
    <div className={`app-shell${collapsed ? ' app-shell-collapsed' : ''}`}>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Sidebar id={SIDEBAR_ID} collapsed={collapsed} onToggle={toggle} />
      <div className="app-main">
        <Header />
        <main ref={mainRef} id="main-content" className="app-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <AssistantPanel />
    </div>
  );
}
