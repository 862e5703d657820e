import { describe, expect, it } from 'vitest';
import { matchByName } from './name-match.js';

const tasks = ['Launch', 'Write launch post', 'Review PR 13', 'Plan the offsite'].map((title, index) => ({ id: `t${index}`, title }));
const people = ['Diana Prince', 'Ben Ode'].map((name, index) => ({ id: `u${index}`, name }));
const titleOf = (task: { title: string }) => task.title;
const found = (match: ReturnType<typeof matchByName<{ id: string }>>) => ('found' in match ? match.found.id : 'ambiguous' in match ? 'ambiguous' : 'none');

describe('matchByName', () => {
  it('finds by id, exact name, start, or the words a request begins', () => {
    expect(found(matchByName(tasks, 't2', titleOf, { loose: false }))).toBe('t2');
    expect(found(matchByName(tasks, '“launch”', titleOf, { loose: false }))).toBe('t0');
    expect(found(matchByName(tasks, 'plan the', titleOf, { loose: false }))).toBe('t3');
    expect(found(matchByName(tasks, 'launch post', titleOf, { loose: false }))).toBe('t1');
    const mails = [{ id: 'm1', title: 'Send follow-up email' }];
    expect(found(matchByName(mails, 'follow-up email', titleOf, { loose: false }))).toBe('m1');
  });

  it('for a write, never guesses: no name inside the request, no typo, no part of a word', () => {
    // 'Launch' is inside the request, 'Review PR 12' is one typo from 'Review PR 13', 'ana' is inside 'Diana'.
    expect(found(matchByName(tasks, 'Write the launch post now', titleOf, { loose: false }))).toBe('none');
    expect(found(matchByName(tasks, 'Review PR 12', titleOf, { loose: false }))).toBe('none');
    expect(found(matchByName(people, 'Ana', (person) => person.name, { loose: false }))).toBe('none');
    expect(found(matchByName(people, 'ben', (person) => person.name, { loose: false }))).toBe('u1');
  });

  it('for a read, forgives a name inside the request and small typos', () => {
    expect(found(matchByName(tasks, 'Write the launch post now', titleOf))).toBe('t0');
    expect(found(matchByName(tasks, 'Plan the ofsite', titleOf))).toBe('t3');
  });

  it('says when a request fits several equally well', () => {
    const launches = ['Launch party', 'Launch review'].map((title, index) => ({ id: `l${index}`, title }));
    expect(found(matchByName(launches, 'launch', titleOf, { loose: false }))).toBe('ambiguous');
  });
});
