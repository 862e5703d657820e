import { describe, expect, it } from 'vitest';
import { clampPanelWidth } from '../utils/chat-panel-layout';
import { widthAfterKey } from './chat-panel';

describe('the chat panel width', () => {
  it('stays between 300 and 800 px', () => {
    expect(clampPanelWidth(120)).toBe(300);
    expect(clampPanelWidth(950)).toBe(800);
    expect(clampPanelWidth(412.4)).toBe(412);
  });

  it('follows the keyboard: Left widens, Right narrows, Home and End go to the bounds', () => {
    expect(widthAfterKey(400, 'ArrowLeft')).toBe(420);
    expect(widthAfterKey(400, 'ArrowRight')).toBe(380);
    expect(widthAfterKey(795, 'ArrowLeft')).toBe(800);
    expect(widthAfterKey(400, 'Home')).toBe(300);
    expect(widthAfterKey(400, 'End')).toBe(800);
    expect(widthAfterKey(400, 'Enter')).toBeNull();
  });
});
