import { describe, expect, it } from 'vitest';
import { MIN_PAGE_BESIDE_PANEL, PANEL_MIN_WIDTH, panelPlacement } from './chat-panel-layout';

describe('panelPlacement', () => {
  it('docks the panel at its width when the page keeps 720 px beside it', () => {
    // 1440 px with the sidebar open (256): 1184 of room, 464 of it free beside 720 px of page.
    expect(panelPlacement(1184, 400)).toEqual({ overlay: false, width: 400 });
  });

  it('narrows the docked panel, down to its minimum, before the page goes under 720 px', () => {
    // 1280 px with the sidebar open: 1024 of room, so the panel gets 304 and the page its 720.
    expect(panelPlacement(1024, 400)).toEqual({ overlay: false, width: 304 });
    expect(panelPlacement(MIN_PAGE_BESIDE_PANEL + PANEL_MIN_WIDTH, 800)).toEqual({ overlay: false, width: PANEL_MIN_WIDTH });
  });

  it('covers the page instead of squeezing it when even its minimum does not fit beside 720 px', () => {
    expect(panelPlacement(MIN_PAGE_BESIDE_PANEL + PANEL_MIN_WIDTH - 1, 400)).toEqual({ overlay: true, width: 400 });
    // 1100 px with the sidebar open, and a phone.
    expect(panelPlacement(844, 400).overlay).toBe(true);
    expect(panelPlacement(390, 400).overlay).toBe(true);
  });
});
