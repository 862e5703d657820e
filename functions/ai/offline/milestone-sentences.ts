import { findDate, titleDateAndProject, unquoted, type PlannedCall } from './phrases.js';

/** The offline grammar's milestone sentences: they say the word, so they are read before the task sentences they resemble. */
/** "add a milestone 'Beta' to Apollo due Dec 5": a title, a date (the tool asks for one) and a project. */
function readNewMilestone(rest: string, today: string): PlannedCall {
  return { tool: 'create_milestone', args: titleDateAndProject(` ${rest} `, today) };
}

/** A milestone named with its project or not: '"Launch in Europe" in Apollo', 'Beta in Apollo', 'Beta'. */
function milestoneAndProject(named: string): { milestone: string; project?: string } {
  const quoted = /^["“'‘]([^"”'’]+)["”'’](?:\s+(?:in|of|for)\s+(?:the\s+)?(?:project\s+)?(.+))?$/.exec(named.trim());
  if (quoted?.[1]) return quoted[2] ? { milestone: quoted[1].trim(), project: unquoted(quoted[2]) } : { milestone: quoted[1].trim() };
  const split = /^(.+?)\s+(?:in|of|for)\s+(?:the\s+)?(?:project\s+)?(.+?)(?:\s+project)?$/i.exec(named.trim());
  return split?.[1] && split[2] ? { milestone: unquoted(split[1]), project: unquoted(split[2]) } : { milestone: unquoted(named) };
}

/** Requests about milestones: they say the word, so they are read before the task requests they resemble. */
export function readMilestoneRequest(text: string, today: string): PlannedCall | undefined {
  const created = /^(?:please\s+)?(?:add|create|new|set up)\s+(?:a\s+)?(?:new\s+)?milestone\b[:\s]*(.*)$/i.exec(text);
  if (created) return readNewMilestone(created[1] ?? '', today);
  const listed =
    /^(?:list|show|what are)\s+(?:me\s+)?(?:the\s+|all\s+)?milestones(?:\s+(?:of|in|for|on)\s+(?:the\s+)?(?:project\s+)?(.+?))?(?:\s+project)?$/i.exec(text) ??
    /^what milestones (?:does|do|has|have)\s+(?:the\s+)?(?:project\s+)?(.+?)\s+(?:have|got)$/i.exec(text);
  if (listed) return { tool: 'list_milestones', args: listed[1] ? { project: unquoted(listed[1]) } : {} };
  // Any other question about milestones ('which milestones are done?'): the list, which says each one's state.
  if (/^(?:what|which|list|show|any|are there|when)\b/i.test(text)) {
    const project = /\b(?:in|of|for|on)\s+(?:the\s+)?(?:project\s+)?([^?]+?)(?:\s+project)?$/i.exec(text)?.[1];
    return { tool: 'list_milestones', args: project ? { project: unquoted(project) } : {} };
  }
  const completed =
    /^(?:complete|finish|close|tick off|check off|mark|reach)\s+(?:the\s+)?milestone\s+(.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished|reached))?$/i.exec(text) ??
    /^(?:the\s+)?milestone\s+(.+?)\s+is\s+(?:now\s+)?(?:done|complete|completed|finished|reached)$/i.exec(text);
  if (completed?.[1]) return { tool: 'update_milestone', args: { ...milestoneAndProject(completed[1]), completed: true } };
  const renamed = /^rename\s+(?:the\s+)?milestone\s+(.+?)\s+(?:to|as)\s+(.+)$/i.exec(text);
  if (renamed?.[1] && renamed[2]) return { tool: 'update_milestone', args: { ...milestoneAndProject(renamed[1]), title: unquoted(renamed[2]) } };
  const moved = /^(?:move|reschedule|postpone|push(?:\s+back)?|change)\s+(?:the\s+)?(?:due date of\s+(?:the\s+)?)?milestone\s+(.+?)\s+to\s+(.+)$/i.exec(text);
  const due = moved?.[2] ? findDate(moved[2], today) : undefined;
  if (moved?.[1] && due) return { tool: 'update_milestone', args: { ...milestoneAndProject(moved[1]), dueDate: due.date } };
  return undefined;
}

