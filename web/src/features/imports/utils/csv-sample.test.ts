import { describe, expect, it } from 'vitest';
import { CSV_WITHOUT_HEADER, csvSampleOf } from './csv-sample';

describe('csvSampleOf (the CSV mapping step, issue 39)', () => {
  it('takes the header and the first five rows, each as long as the header', () => {
    const rows = [['Title', ' Due '], ['a', '2026-01-01'], ['b'], ['c', '', 'extra'], ['d', '1'], ['e', '2'], ['f', '3']];
    expect(csvSampleOf(rows)).toEqual({ headers: ['Title', 'Due'], rows: [['a', '2026-01-01'], ['b', ''], ['c', ''], ['d', '1'], ['e', '2']] });
  });

  it('leaves out the columns of blank headers, and refuses a file without any header', () => {
    expect(csvSampleOf([['Title', '', 'Notes'], ['a', 'x', 'n']])).toEqual({ headers: ['Title', 'Notes'], rows: [['a', 'n']] });
    expect(() => csvSampleOf([])).toThrow(CSV_WITHOUT_HEADER);
    expect(() => csvSampleOf([['', ' ']])).toThrow(CSV_WITHOUT_HEADER);
  });
});
