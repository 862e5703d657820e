import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  clampPanelWidth,
  panelPlacement,
  PANEL_MAX_WIDTH,
  PANEL_MIN_WIDTH,
  shellLayoutChanged,
  storedPanelWidth,
  useShellRoom,
} from '../utils/chat-panel-layout';
import { storageKeys, writeStorage } from '@/lib/storage';
import { Chat, type ChatScope } from './chat';

/** How far one arrow key moves the panel's edge. */
const KEYBOARD_STEP = 20;

/** The new width for a key on the resize handle; the handle sits on the panel's left edge, so Left widens. */
export function widthAfterKey(width: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
      return clampPanelWidth(width + KEYBOARD_STEP);
    case 'ArrowRight':
      return clampPanelWidth(width - KEYBOARD_STEP);
    case 'Home':
      return PANEL_MIN_WIDTH;
    case 'End':
      return PANEL_MAX_WIDTH;
    default:
      return null;
  }
}

/**
 * The app shell's right-hand AI chat (spec core §2): the chat, scoped to the project on screen, beside the
 * page. Its left edge is a resize handle for the pointer (drag) and the keyboard (arrows, Home, End); the
 * width is remembered, and narrowed so the page keeps 720 px beside it; with less room than that the panel
 * covers the page instead (features/assistant/utils/chat-panel-layout.ts).
 */
export function ChatPanel({
  scope,
  onClose,
  focusOnOpen = false,
  onFocusTaken,
}: {
  scope?: ChatScope;
  onClose: () => void;
  focusOnOpen?: boolean;
  onFocusTaken?: () => void;
}) {
  const [wanted, setWanted] = useState(storedPanelWidth);
  const { overlay, width } = panelPlacement(useShellRoom(), wanted);
  const resize = (next: number) => {
    setWanted(next);
    writeStorage(storageKeys.chatPanelWidth, String(next));
    shellLayoutChanged();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = width;
    const move = (moved: globalThis.PointerEvent) => resize(clampPanelWidth(startWidth + startX - moved.clientX));
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthAfterKey(width, event.key);
    if (next === null) return;
    event.preventDefault();
    resize(next);
  };

  return (
    <aside className={overlay ? 'chat-panel is-overlay' : 'chat-panel'} style={{ width }} aria-label="AI Assistant">
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- a focusable separator is the WAI-ARIA window splitter: arrow keys and the pointer resize the panel */}
      <div
        className="chat-panel-resizer"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize AI chat panel"
        aria-valuemin={PANEL_MIN_WIDTH}
        aria-valuemax={PANEL_MAX_WIDTH}
        aria-valuenow={width}
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- the window splitter is focusable, to resize with the arrow keys
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
      <Chat variant="panel" scope={scope} onClose={onClose} focusOnOpen={focusOnOpen} onFocusTaken={onFocusTaken} />
    </aside>
  );
}
