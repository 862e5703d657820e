import { describe, expect, it } from 'vitest';
import { NO_DELETING, readRequest, SUBTASK_NEEDS_PARENT } from './grammar.js';

const TODAY = '2026-11-23'; // a Monday

describe('the offline grammar', () => {
  it.each([
    ['add a high priority task "Write spec" to Apollo due next Friday, 90 min', { tool: 'create_task', args: { title: 'Write spec', project: 'Apollo', priority: 'high', dueDate: '2026-12-04', timeEstimate: 90 } }],
    ['Create task Review design in Website Relaunch due Dec 5', { tool: 'create_task', args: { title: 'Review design', project: 'Website Relaunch', dueDate: '2026-12-05' } }],
    ['new task call the printer people in 3 days, 1.5h, assigned to me', { tool: 'create_task', args: { title: 'call the printer people', dueDate: '2026-11-26', timeEstimate: 90, assignee: 'me' } }],
    ['add an urgent task: fix login', { tool: 'create_task', args: { title: 'fix login', priority: 'high' } }],
    ['add task Draft budget for Apollo', { tool: 'create_task', args: { title: 'Draft budget', project: 'Apollo' } }],
    ['complete Write spec', { tool: 'complete_task', args: { task: 'Write spec' } }],
    ['mark "Write spec" as done', { tool: 'complete_task', args: { task: 'Write spec' } }],
    ['Review design is done', { tool: 'complete_task', args: { task: 'Review design' } }],
    ['move Write spec to in progress', { tool: 'update_task', args: { task: 'Write spec', status: 'in_progress' } }],
    ['start Review design', { tool: 'update_task', args: { task: 'Review design', status: 'in_progress' } }],
    ['set the priority of Write spec to high', { tool: 'update_task', args: { task: 'Write spec', priority: 'high' } }],
    ['make Review design low priority', { tool: 'update_task', args: { task: 'Review design', priority: 'low' } }],
    ['change the due date of Write spec to tomorrow', { tool: 'update_task', args: { task: 'Write spec', dueDate: '2026-11-24' } }],
    ['reschedule Review design to Dec 10', { tool: 'update_task', args: { task: 'Review design', dueDate: '2026-12-10' } }],
    ['what is overdue?', { tool: 'list_tasks', args: { filter: 'overdue' } }],
    ["what's due today", { tool: 'list_tasks', args: { filter: 'due_today' } }],
    ['what is due this week', { tool: 'list_tasks', args: { filter: 'due_this_week' } }],
    ['what is assigned to me', { tool: 'list_tasks', args: { filter: 'assigned_to_me' } }],
    ['show my tasks', { tool: 'list_tasks', args: { filter: 'assigned_to_me' } }],
    ['list tasks in Apollo', { tool: 'list_tasks', args: { project: 'Apollo' } }],
    ['show tasks labelled Bug', { tool: 'list_tasks', args: { label: 'Bug' } }],
    ['what is overdue tagged "Needs review" in Apollo?', { tool: 'list_tasks', args: { filter: 'overdue', label: 'Needs review', project: 'Apollo' } }],
    ['label Write spec as Bug', { tool: 'update_task', args: { task: 'Write spec', labels: ['Bug'] } }],
    ['make Hire band a subtask of Gala', { tool: 'update_task', args: { task: 'Hire band', parent: 'Gala' } }],
    ['move "Hire band" under Gala', { tool: 'update_task', args: { task: 'Hire band', parent: 'Gala' } }],
    ['make Hire band a task of its own', { tool: 'update_task', args: { task: 'Hire band', parent: null } }],
    ['promote Hire band', { tool: 'update_task', args: { task: 'Hire band', parent: null } }],
    ['complete Gala and its subtasks', { tool: 'complete_task', args: { task: 'Gala', subtasks: 'complete' } }],
    ['complete only Gala', { tool: 'complete_task', args: { task: 'Gala', subtasks: 'leave' } }],
    ['tag "Review design" with Docs, Bug and Later', { tool: 'update_task', args: { task: 'Review design', labels: ['Docs', 'Bug', 'Later'] } }],
    ['remove the labels from Write spec', { tool: 'update_task', args: { task: 'Write spec', labels: [] } }],
    ['what is overdue in Apollo', { tool: 'list_tasks', args: { filter: 'overdue', project: 'Apollo' } }],
    ['list projects', { tool: 'list_projects', args: {} }],
    ['how is Apollo going?', { tool: 'summarize_project', args: { project: 'Apollo' } }],
    ['summarise Website Relaunch', { tool: 'summarize_project', args: { project: 'Website Relaunch' } }],
    ['plan my week', { tool: 'preview_weekly_plan', args: {} }],
    ['what is at risk this week?', { tool: 'plan_risks', args: {} }],
    ['assign Draft budget to me and make it urgent', { tool: 'update_task', args: { task: 'Draft budget', assignee: 'me', priority: 'high' } }],
    ['move Write spec to in progress and assign it to Ana', { tool: 'update_task', args: { task: 'Write spec', status: 'in_progress', assignee: 'Ana' } }],
    ['make Review design high priority, then reschedule it to Dec 10', { tool: 'update_task', args: { task: 'Review design', priority: 'high', dueDate: '2026-12-10' } }],
    ['complete Research and design', { tool: 'complete_task', args: { task: 'Research and design' } }],
    ['anything late?', { tool: 'plan_risks', args: {} }],
    ["what's going to be late", { tool: 'plan_risks', args: {} }],
    ["which tasks won't make it", { tool: 'plan_risks', args: {} }],
    ['why is Write spec on Thursday?', { tool: 'explain_plan_day', args: { task: 'Write spec' } }],
    ['why is "Draft budget" planned for Friday', { tool: 'explain_plan_day', args: { task: 'Draft budget' } }],
    ["why isn't Review design planned?", { tool: 'explain_plan_day', args: { task: 'Review design' } }],
    ['move Write spec to next week and replan', { tool: 'move_to_next_week', args: { task: 'Write spec' } }],
    ['push Draft budget to next week', { tool: 'move_to_next_week', args: { task: 'Draft budget' } }],
    ['who has room on Friday?', { tool: 'who_has_room', args: { day: 'friday' } }],
    ['who has time tomorrow', { tool: 'who_has_room', args: { day: 'tomorrow' } }],
    ["who's free", { tool: 'who_has_room', args: { day: 'today' } }],
    ['plan my week focusing on Apollo and Website Relaunch', { tool: 'preview_weekly_plan', args: { focus: ['Apollo', 'Website Relaunch'] } }],
    ['plan my week, Apollo first', { tool: 'preview_weekly_plan', args: { focus: ['Apollo'] } }],
    ['add a note "Standup" to Apollo: we ship on Friday', { tool: 'create_note', args: { title: 'Standup', project: 'Apollo', content: 'we ship on Friday' } }],
    ['add a milestone "Beta" to Apollo due Dec 5', { tool: 'create_milestone', args: { title: 'Beta', project: 'Apollo', dueDate: '2026-12-05' } }],
    ['create milestone Public launch in Website Relaunch on next Friday', { tool: 'create_milestone', args: { title: 'Public launch', project: 'Website Relaunch', dueDate: '2026-12-04' } }],
    ['new milestone: Code freeze', { tool: 'create_milestone', args: { title: 'Code freeze' } }],
    ['list milestones', { tool: 'list_milestones', args: {} }],
    ['show the milestones of Apollo', { tool: 'list_milestones', args: { project: 'Apollo' } }],
    ['what milestones does Website Relaunch have', { tool: 'list_milestones', args: { project: 'Website Relaunch' } }],
    ['complete milestone Beta', { tool: 'update_milestone', args: { milestone: 'Beta', completed: true } }],
    ['mark the milestone "Launch in Europe" in Apollo as reached', { tool: 'update_milestone', args: { milestone: 'Launch in Europe', project: 'Apollo', completed: true } }],
    ['milestone Beta in Apollo is done', { tool: 'update_milestone', args: { milestone: 'Beta', project: 'Apollo', completed: true } }],
    ['move milestone Beta to Dec 10', { tool: 'update_milestone', args: { milestone: 'Beta', dueDate: '2026-12-10' } }],
    ['postpone the milestone Beta of Apollo to in 2 weeks', { tool: 'update_milestone', args: { milestone: 'Beta', project: 'Apollo', dueDate: '2026-12-07' } }],
    ['set the deadline of Apollo to Dec 20', { tool: 'update_project', args: { project: 'Apollo', deadline: '2026-12-20' } }],
    ["move Website Relaunch's deadline to next Friday", { tool: 'update_project', args: { project: 'Website Relaunch', deadline: '2026-12-04' } }],
    ['the deadline for the Apollo project is now Jan 9', { tool: 'update_project', args: { project: 'Apollo', deadline: '2027-01-09' } }],
    ['clear the deadline of project Apollo', { tool: 'update_project', args: { project: 'Apollo', deadline: null } }],
    ['make project Apollo high priority', { tool: 'update_project', args: { project: 'Apollo', priority: 'high' } }],
    ['set the priority of project Website Relaunch to low', { tool: 'update_project', args: { project: 'Website Relaunch', priority: 'low' } }],
    ['star Apollo', { tool: 'update_project', args: { project: 'Apollo', favorite: true } }],
    ['unfavourite the project Apollo', { tool: 'update_project', args: { project: 'Apollo', favorite: false } }],
    ['add Website Relaunch to my favorites', { tool: 'update_project', args: { project: 'Website Relaunch', favorite: true } }],
    ['mark Apollo as a favourite', { tool: 'update_project', args: { project: 'Apollo', favorite: true } }],
    ['remove Apollo from favourites', { tool: 'update_project', args: { project: 'Apollo', favorite: false } }],
    ['favourite colours survey is done', { tool: 'complete_task', args: { task: 'favourite colours survey' } }],
    ['mark Write spec as done', { tool: 'complete_task', args: { task: 'Write spec' } }],
    ['assign Write spec to Ana', { tool: 'update_task', args: { task: 'Write spec', assignee: 'Ana' } }],
    ['give the task Review design to me', { tool: 'update_task', args: { task: 'Review design', assignee: 'me' } }],
    ['unassign Write spec', { tool: 'update_task', args: { task: 'Write spec', assignee: null } }],
    ['remove the assignee of Write spec', { tool: 'update_task', args: { task: 'Write spec', assignee: null } }],
    ['rename Write spec to "Write the spec"', { tool: 'update_task', args: { task: 'Write spec', title: 'Write the spec' } }],
    ['rename project Apollo to Zeus', { tool: 'update_project', args: { project: 'Apollo', name: 'Zeus' } }],
    ['rename milestone Beta to Public beta', { tool: 'update_milestone', args: { milestone: 'Beta', title: 'Public beta' } }],
    ['set the estimate of Write spec to 2 hours', { tool: 'update_task', args: { task: 'Write spec', timeEstimate: 120 } }],
    ['Review design will take 45 min', { tool: 'update_task', args: { task: 'Review design', timeEstimate: 45 } }],
    ['what is in progress?', { tool: 'list_tasks', args: { filter: 'in_progress' } }],
    ['what is in progress in Apollo', { tool: 'list_tasks', args: { filter: 'in_progress', project: 'Apollo' } }],
    ["what's due tomorrow", { tool: 'list_tasks', args: { filter: 'due_tomorrow' } }],
    ['show high priority tasks in Apollo', { tool: 'list_tasks', args: { priority: 'high', project: 'Apollo' } }],
    ['what is Ana working on', { tool: 'list_tasks', args: { assignee: 'Ana' } }],
    ["show Ana's tasks", { tool: 'list_tasks', args: { assignee: 'Ana' } }],
    ['what is assigned to Sam Lee in Apollo', { tool: 'list_tasks', args: { assignee: 'Sam Lee', project: 'Apollo' } }],
    ['what did I complete', { tool: 'list_tasks', args: { assignee: 'me', filter: 'completed' } }],
    ['add a task to Apollo: call the printer tomorrow', { tool: 'create_task', args: { title: 'call the printer', project: 'Apollo', dueDate: '2026-11-24' } }],
    ['show Write spec', { tool: 'get_task', args: { task: 'Write spec' } }],
    ['add task Standup notes to Apollo every Monday', { tool: 'create_task', args: { title: 'Standup notes', project: 'Apollo', repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' } } }],
    ['add a task Water plants every 2 weeks from completion', { tool: 'create_task', args: { title: 'Water plants', repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2', from: 'completion' } } }],
    ['make Invoice repeat every last Friday of the month', { tool: 'update_task', args: { task: 'Invoice', repeat: { rule: 'FREQ=MONTHLY;BYDAY=-1FR', from: 'due' } } }],
    ['repeat Standup every weekday', { tool: 'update_task', args: { task: 'Standup', repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', from: 'due' } } }],
    ['Review budget repeats every Monday and Thursday', { tool: 'update_task', args: { task: 'Review budget', repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH', from: 'due' } } }],
    ['stop repeating Standup', { tool: 'update_task', args: { task: 'Standup', repeat: null } }],
    ['Invoice should no longer repeat', { tool: 'update_task', args: { task: 'Invoice', repeat: null } }],
    ['tell me about Review design', { tool: 'get_task', args: { task: 'Review design' } }],
  ])('reads %j', (sentence, call) => {
    expect(readRequest(sentence, TODAY)).toEqual({ calls: [call] });
  });

  it('reads one request per line of a list, and answers with the help when a line is not understood', () => {
    expect(readRequest('- add task Draft budget to Apollo\n\n2. complete Write spec\r\n* move milestone Beta to Dec 10', TODAY)).toEqual({
      calls: [
        { tool: 'create_task', args: { title: 'Draft budget', project: 'Apollo' } },
        { tool: 'complete_task', args: { task: 'Write spec' } },
        { tool: 'update_milestone', args: { milestone: 'Beta', dueDate: '2026-12-10' } },
      ],
    });
    expect(readRequest('add task Draft budget\ntell me a joke', TODAY)).toEqual({ help: true });
    expect(readRequest('\n  complete Write spec  \n', TODAY)).toEqual({ calls: [{ tool: 'complete_task', args: { task: 'Write spec' } }] });
  });

  it.each([
    ['which task is done?', { tool: 'list_tasks', args: { filter: 'completed' } }],
    ['what else is in progress', { tool: 'list_tasks', args: { filter: 'in_progress' } }],
    ['tell me what is in progress', { tool: 'list_tasks', args: { filter: 'in_progress' } }],
    ['which task is due tomorrow', { tool: 'list_tasks', args: { filter: 'due_tomorrow' } }],
    ['give me a list of tasks to do today', { tool: 'list_tasks', args: { filter: 'due_today' } }],
    ['show me my tasks for today', { tool: 'list_tasks', args: { filter: 'due_today', assignee: 'me' } }],
    ['what did I finish this week', { tool: 'list_tasks', args: { filter: 'completed', assignee: 'me' } }],
    ["what's on my plate today", { tool: 'list_tasks', args: { filter: 'due_today', assignee: 'me' } }],
    ['which milestones are done', { tool: 'list_milestones', args: {} }],
    ['list milestones due this week in Apollo', { tool: 'list_milestones', args: { project: 'Apollo' } }],
    ['rename the Apollo project to Zeus', { tool: 'update_project', args: { project: 'Apollo', name: 'Zeus' } }],
  ])('reads the question %j as a question', (sentence, call) => {
    expect(readRequest(sentence, TODAY)).toEqual({ calls: [call] });
  });

  it.each(['which one is due next week', 'what needs 2 hours', 'who needs 2 hours?', 'what takes 30 min', 'Write report is done?', 'is Write spec done?', 'which task is done?', 'favorite projects?'])(
    'never changes anything on the question %j',
    (sentence) => {
      const reading = readRequest(sentence, TODAY);
      const calls = 'calls' in reading ? reading.calls : [];
      expect(calls.filter((call) => !/^(?:list_|get_|search|summarize|preview)/.test(call.tool))).toEqual([]);
    },
  );

  it.each([
    ["add a subtask 'Book venue' to Launch", [{ title: 'Book venue', parent: 'Launch' }]],
    ['add a sub-task Talk to Bob to the task Launch party', [{ title: 'Talk to Bob', parent: 'Launch party' }]],
    ['create a subtask under Launch: book the venue', [{ title: 'book the venue', parent: 'Launch' }]],
    ['add subtasks Draft, Review and Publish to "Write spec"', [{ title: 'Draft', parent: 'Write spec' }, { title: 'Review', parent: 'Write spec' }, { title: 'Publish', parent: 'Write spec' }]],
  ])('reads %j as sub-tasks of the task named', (sentence, subtasks) => {
    expect(readRequest(sentence, TODAY)).toEqual({ calls: subtasks.map((args) => ({ tool: 'create_task', args })) });
  });

  it('asks which task a sub-task goes under when none is named', () => {
    expect(readRequest('add a subtask Book venue', TODAY)).toEqual({ say: SUBTASK_NEEDS_PARENT });
  });

  it.each(['delete task Write spec', 'please remove the note Standup', 'Destroy Apollo'])('answers %j that deleting is done in the app', (sentence) => {
    expect(readRequest(sentence, TODAY)).toEqual({ say: NO_DELETING });
  });

  it.each(['', 'help', 'what can you do', 'tell me a joke', 'sing', 'milestones are nice', 'move milestone Beta to somewhere'])('answers %j with what it can do', (sentence) => {
    expect(readRequest(sentence, TODAY)).toEqual({ help: true });
  });
});
