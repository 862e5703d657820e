import { findEstimate, findRepeat, unquoted, type PlannedCall } from './phrases.js';

/**
 * The offline grammar's sentences that change who does a task, its title, its estimate, its labels or its
 * repeat: 'assign Write spec to Ana', 'unassign Write spec', 'rename Write spec to Write the spec', 'Write spec
 * will take 3 hours', 'label Write spec as Bug and Docs' (the whole list), 'remove the labels from Write spec',
 * 'make Standup repeat every Monday', 'stop repeating Standup'.
 */
export function readTaskChange(text: string, { question }: { question: boolean }): PlannedCall | undefined {
  const task = (named: string) => unquoted(named.replace(/^(?:the\s+)?(?:task\s+)?/i, ''));
  const unassigned =
    /^(?:unassign|un-assign)\s+(.+)$/i.exec(text) ?? /^(?:remove|clear)\s+(?:the\s+)?(?:assignee|assignment)\s+(?:of|from|on)\s+(.+)$/i.exec(text);
  if (unassigned?.[1]) return { tool: 'update_task', args: { task: task(unassigned[1]), assignee: null } };
  // Not 'give me …', which asks for something.
  const assigned = /^(?:assign|reassign|give|hand(?:\s+over)?)\s+(?!me\b)(.+?)\s+to\s+(.+)$/i.exec(text);
  if (assigned?.[1] && assigned[2]) return { tool: 'update_task', args: { task: task(assigned[1]), assignee: unquoted(assigned[2]) } };
  const unlabelled = /^(?:unlabel|untag)\s+(.+)$/i.exec(text) ?? /^(?:remove|clear)\s+(?:the\s+|all\s+)?(?:labels|tags)\s+(?:of|from|on)\s+(.+)$/i.exec(text);
  if (unlabelled?.[1]) return { tool: 'update_task', args: { task: task(unlabelled[1]), labels: [] } };
  const labelled = /^(?:label|tag)\s+(.+?)\s+(?:as|with)\s+(.+)$/i.exec(text);
  if (labelled?.[1] && labelled[2]) return { tool: 'update_task', args: { task: task(labelled[1]), labels: labelled[2].split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).map(unquoted) } };
  const renamed = /^rename\s+(.+?)\s+(?:to|as)\s+(.+)$/i.exec(text);
  if (renamed?.[1] && renamed[2]) return { tool: 'update_task', args: { task: task(renamed[1]), title: unquoted(renamed[2]) } };
  const stopped =
    /^(?:stop|don'?t|do not|no longer)\s+(?:repeating|repeat)\s+(.+)$/i.exec(text) ?? /^(.+?)\s+(?:should|does|must|will)\s+(?:not|no longer)\s+repeat(?:\s+any\s*more)?$/i.exec(text);
  if (stopped?.[1]) return { tool: 'update_task', args: { task: task(stopped[1]), repeat: null } };
  const repeating =
    /^(?:make|set|have)\s+(.+?)\s+(?:to\s+)?(?:repeat|recur)\s+(.+)$/i.exec(text) ??
    /^repeat\s+(.+?)\s+((?:every|daily|weekly|monthly|yearly|annually)\b.*)$/i.exec(text) ??
    (question ? null : /^(.+?)\s+(?:repeats|recurs|should repeat|will repeat)\s+(.+)$/i.exec(text));
  const repeat = repeating?.[2] ? findRepeat(repeating[2]) : undefined;
  if (repeating?.[1] && repeat) return { tool: 'update_task', args: { task: task(repeating[1]), repeat: { rule: repeat.rule, from: repeat.from } } };
  const estimated =
    /^(?:set|change)\s+(?:the\s+)?(?:time\s+)?estimate\s+(?:of|for|on)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(?:estimate)\s+(.+?)\s+(?:at|as)\s+(.+)$/i.exec(text) ??
    // 'Write spec takes 2 hours' states a change; 'what takes 2 hours?' asks.
    (question ? null : /^(.+?)\s+(?:will take|takes|should take|needs)\s+(.+)$/i.exec(text));
  const estimate = estimated?.[2] ? findEstimate(estimated[2]) : undefined;
  if (estimated?.[1] && estimate) return { tool: 'update_task', args: { task: task(estimated[1]), timeEstimate: estimate.minutes } };
  return undefined;
}
