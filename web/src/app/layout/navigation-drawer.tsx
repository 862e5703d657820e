import { Dialog } from '@/components/ui/dialog';
import { SidebarNavigation } from './sidebar';

/**
 * The sidebar on narrow screens: a modal panel from the left edge (the header's Menu button opens it). As a
 * real modal dialog the rest of the page is inert while it is open, so focus stays inside; Escape or a press
 * on the backdrop closes it and focus returns to the Menu button. The shell closes it when a link is followed.
 */
export function NavigationDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <Dialog title="Menu" className="nav-drawer" onClose={onClose} dismissOnBackdropPress>
      <div id={id} className="nav-drawer-links">
        <SidebarNavigation collapsed={false} />
      </div>
    </Dialog>
  );
}
