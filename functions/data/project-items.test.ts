import { describe, expect, it } from 'vitest';
import { aNote, aProject } from '../../shared/testing/project-views.js';
import { assembleProjects, childItem, owningProjectId, projectItem } from './project-items.js';

const project = (id: string) => aProject({ id, workspaceId: 'ws' });
const note = (id: string, projectId: string) => aNote({ id, projectId });

describe('project items', () => {
  it('keys children under their project in the workspace partition', () => {
    expect(projectItem(project('p1'))).toMatchObject({ PK: 'WS#ws', SK: 'PROJECT#p1', entity: 'Project' });
    expect(childItem('note', 'ws', note('n1', 'p1'))).toMatchObject({ PK: 'WS#ws', SK: 'PROJECT#p1#NOTE#n1', entity: 'Note' });
  });

  it('tells which project an item belongs to, and nothing for other entities', () => {
    expect(owningProjectId(projectItem(project('p1')))).toBe('p1');
    expect(owningProjectId(childItem('note', 'ws', note('n1', 'p10')))).toBe('p10');
    expect(owningProjectId({ PK: 'WS#ws', SK: 'MEMBER#u', entity: 'Membership' })).toBeUndefined();
  });

  it('groups children under their projects, drops orphans and strips the keys', () => {
    const items = [
      childItem('note', 'ws', note('n1', 'p1')),
      projectItem(project('p1')),
      projectItem(project('p10')),
      childItem('note', 'ws', note('n2', 'p10')),
      childItem('note', 'ws', note('orphan', 'gone')),
    ];
    const projects = assembleProjects(items);
    expect(projects.map((item) => [item.id, item.notes.map((child) => child.id)])).toEqual([
      ['p1', ['n1']],
      ['p10', ['n2']],
    ]);
    expect(projects[0]).not.toHaveProperty('PK');
    expect(projects[0]?.notes[0]).not.toHaveProperty('entity');
  });
});
