import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { matchPath, useLocation } from 'react-router-dom';
import { SparklesIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProjects } from '@/features/projects/api/get-projects';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { chatFocusRequested, chatFocusTaken, setChatPanelOpen, useChatPanelOpen } from '@/features/assistant';

const ChatPanel = lazyWhenOnline(() => import('@/features/assistant/components/chat-panel'), 'ChatPanel');

/**
 * The panel's code failing to load (the network dropped while it came) is said in the panel, with Reload (a
 * failed import is not tried again in the same page) and Close, instead of taking the whole app down with it.
 */
class PanelLoadBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <aside className="chat-panel chat-panel-loading" aria-label="AI Assistant">
        <div role="alert" className="chat-error">
          <span>The assistant could not load. Check the connection and try again.</span>
          <div className="form-actions">
            <Button size="sm" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button size="sm" variant="ghost" onClick={this.props.onClose}>
              Close AI chat
            </Button>
          </div>
        </div>
      </aside>
    );
  }
}

/** The project whose page is on screen (its task dialog included), if it is one of the workspace's. */
function useProjectOnScreen(pathname: string): { projectId: string; projectName: string } | undefined {
  const projectId = matchPath({ path: paths.app.project.path, end: false }, pathname)?.params.projectId;
  const { data: projects } = useProjects();
  const project = projectId ? projects?.find((candidate) => candidate.id === projectId) : undefined;
  return project ? { projectId: project.id, projectName: project.name } : undefined;
}

/**
 * The shell's AI chat (spec core §2): the right-hand panel when open, else the floating button that opens
 * it. On /ai the page itself is the chat. Opening moves focus into the chat, closing back to the button.
 */
export function AssistantPanel() {
  const open = useChatPanelOpen();
  const { pathname } = useLocation();
  const scope = useProjectOnScreen(pathname);
  const fabRef = useRef<HTMLButtonElement>(null);
  const focusFabNext = useRef(false);

  useEffect(() => {
    if (!open && focusFabNext.current) fabRef.current?.focus();
    focusFabNext.current = false;
  }, [open]);

  if (matchPath(paths.app.ai.path, pathname)) return null;
  if (!open) {
    return (
      <button
        ref={fabRef}
        type="button"
        className="chat-fab"
        aria-label="Open AI chat"
        title="AI Assistant"
        onClick={() => setChatPanelOpen(true)}
      >
        <SparklesIcon width={22} height={22} />
      </button>
    );
  }
  const close = () => {
    focusFabNext.current = true;
    setChatPanelOpen(false);
  };
  return (
    <PanelLoadBoundary onClose={close}>
      <Suspense
        fallback={
          <aside className="chat-panel chat-panel-loading" aria-label="AI Assistant">
            <Spinner />
          </aside>
        }
      >
        <ChatPanel
          scope={scope}
          // Opened by the user, the chat takes focus, once: shown again on its own it leaves focus to the page.
          focusOnOpen={chatFocusRequested()}
          onFocusTaken={chatFocusTaken}
          onClose={close}
        />
      </Suspense>
    </PanelLoadBoundary>
  );
}
