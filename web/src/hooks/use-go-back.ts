import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Whether the router has an earlier entry of this app to go back to (React Router keeps `idx` in history.state). */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/** A Cancel button's action: back to the previous page of the app, else to `fallback` (a page opened directly). */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => void (canGoBack() ? navigate(-1) : navigate(fallback)), [navigate, fallback]);
}
