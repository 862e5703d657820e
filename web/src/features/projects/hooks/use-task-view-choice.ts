import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_VIEW, type TaskViewMode } from '@shared/schemas/profile';
import { profileQueryOptions } from '@/features/settings';
import { VIEW_PARAM, viewInAddress } from '../utils/task-list-view';

/**
 * List or kanban, for /tasks and the project's Tasks tab (issue 37): the view the address names (`?view=`),
 * the user's default view (Settings → Preferences; kanban until the profile is read), and `show`, which
 * names a view in the address in place of the current entry (Back does not step through the toggles).
 */
export function useTaskViewChoice(): { named: TaskViewMode | undefined; defaultView: TaskViewMode; show: (view: TaskViewMode) => void } {
  const [address, setAddress] = useSearchParams();
  const { data: profile } = useQuery(profileQueryOptions());
  const show = useCallback(
    (view: TaskViewMode) =>
      setAddress(
        (params) => {
          params.set(VIEW_PARAM, view);
          return params;
        },
        { replace: true },
      ),
    [setAddress],
  );
  return { named: viewInAddress(address), defaultView: profile?.defaultView ?? DEFAULT_VIEW, show };
}
