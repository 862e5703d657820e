import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.js';

describe('markdown said as plain text', () => {
  it.each([
    ['Done: **Write spec** is now in progress.', 'Done: Write spec is now in progress.'],
    ['Here are 2 tasks:\n- **Ship** (Apollo, due Fri 4 Dec)\n- *Review*', 'Here are 2 tasks:\nShip (Apollo, due Fri 4 Dec)\nReview'],
    ['## Plan\n1. `npm test`\n2. see [the docs](https://example.com/docs)', 'Plan\nnpm test\nsee the docs'],
    ['~~old~~ new_file_name stays', 'old new_file_name stays'],
    ['- [x] Draft\n- [ ] Review', 'Draft\nReview'],
  ])('%j', (markdown, text) => expect(plainText(markdown)).toBe(text));
});
