import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';
import { addToast, dismissToast, toastDuration, type Toast, type ToastAction, type ToastTone } from './toast-queue';
import './toast.css';

export interface Toaster {
  /** A write that failed: announced at once (role="alert"), usually with Retry. */
  readonly error: (message: string, action?: ToastAction) => void;
  /** A write that went through (or can be undone): announced politely. */
  readonly success: (message: string, action?: ToastAction) => void;
  /** Something others did that changes what the user sees (they were removed from a workspace): announced politely. */
  readonly info: (message: string, action?: ToastAction) => void;
  /** Takes every toast away (on sign-out: a Retry must not run one user's write in the next one's session). */
  readonly clear: () => void;
}

const ToastContext = createContext<Toaster | null>(null);

/** The app's toasts; mounted once near the root so any screen can report a write's outcome. */
export function useToast(): Toaster {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}

/**
 * Holds the toasts and shows them in a corner above the page, so a message never pushes content down. Polite
 * toasts sit in a role="status" region that is always there (a region added with its text is often not read);
 * each error is a role="alert" of its own, which is read when it appears.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const show = useCallback((tone: ToastTone, message: string, action?: ToastAction) => {
    const id = nextId.current;
    nextId.current += 1;
    setToasts((shown) => addToast(shown, { id, tone, message, ...(action ? { action } : {}) }));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((shown) => dismissToast(shown, id)), []);
  const toaster = useMemo<Toaster>(
    () => ({
      error: (message, action) => show('error', message, action),
      success: (message, action) => show('success', message, action),
      info: (message, action) => show('info', message, action),
      clear: () => setToasts([]),
    }),
    [show],
  );

  const polite = toasts.filter((toast) => toast.tone !== 'error');
  const errors = toasts.filter((toast) => toast.tone === 'error');
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="toast-viewport">
        <div role="status" aria-live="polite" className="toast-stack">
          {polite.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div className="toast-stack">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** One toast: goes by itself after a while, but not while the pointer or focus is on it. */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    const duration = toastDuration(toast);
    if (paused || duration === null) return undefined;
    const timer = window.setTimeout(() => onDismiss(toast.id), duration);
    return () => window.clearTimeout(timer);
  }, [paused, toast, onDismiss]);

  const { action } = toast;
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : undefined}
      className={`toast toast-${toast.tone}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className="toast-message">{toast.message}</span>
      {action ? (
        <Button
          size="sm"
          onClick={() => {
            onDismiss(toast.id);
            action.onAction();
          }}
        >
          {action.label}
        </Button>
      ) : null}
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}
