import { useEffect } from 'react';

export const APP_NAME = 'TaskFlow';

/** Sets the tab title to "Page · TaskFlow" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
