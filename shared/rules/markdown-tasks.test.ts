import { describe, expect, it } from 'vitest';
import { withTaskItemChecked } from './markdown-tasks.js';

describe('ticking a checklist item in markdown', () => {
  const note = '# Launch\n\n- [ ] Book the venue\n- [x] Send invites\n  1. [ ] nested step\n';

  it('ticks and unticks the item that starts at the offset, and nothing else', () => {
    const venue = note.indexOf('- [ ] Book');
    expect(withTaskItemChecked(note, venue, true)).toBe(note.replace('- [ ] Book', '- [x] Book'));
    const invites = note.indexOf('- [x] Send');
    expect(withTaskItemChecked(note, invites, false)).toBe(note.replace('- [x] Send', '- [ ] Send'));
    const nested = note.indexOf('1. [ ]');
    expect(withTaskItemChecked(note, nested, true)).toBe(note.replace('1. [ ] nested', '1. [x] nested'));
  });

  it('changes nothing where no box is (the text moved under the rendering)', () => {
    expect(withTaskItemChecked(note, 0, true)).toBeUndefined();
    expect(withTaskItemChecked('- plain item', 0, true)).toBeUndefined();
  });
});
