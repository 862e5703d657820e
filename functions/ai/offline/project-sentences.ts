import { findDate, PRIORITY_WORDS, projectNamed, unquoted, type PlannedCall } from './phrases.js';

/** The offline grammar's sentences that change a project itself: its deadline, priority, name, favourite. */
/** Changes of a project: its deadline, and its name or priority when the word 'project' is said. */
export function readProjectChange(text: string, today: string): PlannedCall | undefined {
  const cleared = /^(?:clear|remove|drop)\s+(?:the\s+)?deadline\s+(?:of|for|on)\s+(.+)$/i.exec(text);
  if (cleared?.[1]) return { tool: 'update_project', args: { project: projectNamed(cleared[1]), deadline: null } };
  const deadline =
    /^(?:set|change|move|push(?:\s+back)?|postpone)\s+(?:the\s+)?deadline\s+(?:of|for|on)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(?:set|change|move|push(?:\s+back)?|postpone)\s+(.+?)['’]s\s+deadline\s+to\s+(.+)$/i.exec(text) ??
    /^(?:the\s+)?deadline\s+(?:of|for)\s+(.+?)\s+is\s+(?:now\s+)?(.+)$/i.exec(text);
  const date = deadline?.[2] ? findDate(deadline[2], today) : undefined;
  if (deadline?.[1] && date) return { tool: 'update_project', args: { project: projectNamed(deadline[1]), deadline: date.date } };
  const renamed = /^rename\s+(?:the\s+)?project\s+(.+?)\s+(?:to|as)\s+(.+)$/i.exec(text) ?? /^rename\s+(?:the\s+)?(.+?\s+project)\s+(?:to|as)\s+(.+)$/i.exec(text);
  if (renamed?.[1] && renamed[2]) return { tool: 'update_project', args: { project: projectNamed(renamed[1]), name: unquoted(renamed[2]) } };
  const priority =
    /^(?:set|change)\s+(?:the\s+)?priority\s+(?:of|on|for)\s+(?:the\s+)?project\s+(.+?)\s+to\s+(high|medium|low|urgent)$/i.exec(text) ??
    /^make\s+(?:the\s+)?project\s+(.+?)\s+(high|medium|low|urgent)(?:\s+priority)?$/i.exec(text);
  if (priority?.[1] && priority[2]) return { tool: 'update_project', args: { project: projectNamed(priority[1]), priority: PRIORITY_WORDS[priority[2].toLowerCase()] } };
  return undefined;
}

/**
 * 'star Apollo', 'add Apollo to my favourites': read after a task's status ('favourite colours survey is
 * done' completes that task) and before 'mark … as done'.
 */
export function readFavourite(text: string): PlannedCall | undefined {
  const starred = /^(un)?(?:favou?rite|star)\s+(.+)$/i.exec(text);
  if (starred?.[2]) return { tool: 'update_project', args: { project: projectNamed(starred[2]), favorite: !starred[1] } };
  const added = /^(?:add|put)\s+(.+?)\s+(?:to|in)\s+(?:my\s+|the\s+)?favou?rites$/i.exec(text) ?? /^mark\s+(.+?)\s+as\s+(?:a\s+)?favou?rite$/i.exec(text);
  if (added?.[1]) return { tool: 'update_project', args: { project: projectNamed(added[1]), favorite: true } };
  const removed = /^(?:remove|take)\s+(.+?)\s+(?:from|out of)\s+(?:my\s+|the\s+)?favou?rites$/i.exec(text);
  if (removed?.[1]) return { tool: 'update_project', args: { project: projectNamed(removed[1]), favorite: false } };
  return undefined;
}

