/**
 * Every key of the single table, and every index: the one module that knows how items are addressed.
 * Entity modules build their items with these functions; nothing else writes a `PK`, `SK` or `GSI…` string.
 *
 *   item             PK                       SK                      indexes
 *   workspace        WS#<ws>                  META
 *   membership       WS#<ws>                  MEMBER#<user>           userLookup: USER#<user> / WS#<ws>
 *   invitation       WS#<ws>                  INVITE#<email>          emailLookup: EMAIL#<email> / INVITE#<ws>
 *   plan run         WS#<ws>                  PLANRUN#<week>          the scheduled weekly plan of one week; TTL
 *   saved plan head  WS#<ws>                  WEEKPLAN#<TEAM|USER#<user>>  names the current chunks of the last plan
 *   saved plan chunk WS#<ws>                  WEEKPLAN#<scope>#<plan>#<n>  where that plan put its tasks, and why
 *   auto-plan entry  AUTOPLAN                 WS#<ws>                 workspaces that plan their week automatically
 *   registry entry   WORKSPACES               WS#<ws>                 every workspace, for the daily jobs
 *   reminder sent    USER#<user>              REMINDER#<date>         the due-date mail of one day; TTL
 *   mail sent        USER#<user>              MAILSENT#<kind>#<on>    one scheduled or stream-sent mail (a digest of a day, a record's mail); TTL
 *   digest item      USER#<user>              DIGESTITEM#<record>     a mention or assignment waiting for the daily digest; TTL
 *   activity event   FEED#<ws>                <time>#<event>          the team activity feed, newest last; TTL
 *   task history     TASKHIST#<ws>            <task>#<version>        what one write of a task changed (its version keys it); TTL 1 year
 *   comment          COMMENT#<ws>             <task>#<comment>        a comment on a task; comment ids sort by time (newest last)
 *   project comment  COMMENT#<ws>             P#<project>#<comment>   a comment on a project itself (deleted with it), likewise
 *   trash entry      TRASH#<ws>               ENTRY#<entry>           a deleted task (with sub-tasks), note or link and its stored items; ids sort by time; TTL 30 days
 *   trash part       TRASH#<ws>               PART#<entry>#<n>        stored items beyond the entry's room; TTL
 *   inbox notice     INBOX#<user>             N#<notice>              one notice of the user's inbox; notice ids sort by time; TTL 90 days
 *   attachment       ATTACHMENT#<ws>          <task>#<attachment>     a file on a task (its object's key in the bucket); TTL while pending
 *   project file     ATTACHMENT#<ws>          P#<project>#<attachment>  a file of a comment on a project itself, likewise
 *   files usage      ATTACHMENT#<ws>          USAGE                   the bytes of the workspace's ready files (its quota's counter)
 *   project          WS#<ws>                  PROJECT#<project>       (child counts on the item)
 *   link             WS#<ws>                  LINK#<link>             a bookmark of the Links page
 *   label            WS#<ws>                  LABEL#<label>           a label tasks carry (their `labelIds`)
 *   label name       WS#<ws>                  LABELNAME#<name>        holds a label's lower-cased name: names are unique
 *   label count      WS#<ws>                  LABELCOUNT              how many labels the workspace has (its limit, kept in the writes)
 *   task             PROJ#<ws>#<project>      TASK#<task>             the four task indexes below
 *   milestone        PROJ#<ws>#<project>      MILESTONE#<milestone>
 *   note             PROJ#<ws>#<project>      NOTE#<note>
 *   sub-task count   PROJ#<ws>#<project>      SUBTASKS#<task>         how many sub-tasks a task holds (its limit, kept in the writes)
 *   profile          USER#<user>              PROFILE                 emailLookup: EMAIL#<email> / PROFILE
 *   connection       CONN#<conn>              META                    userLookup: USER#<user> / CONN#<conn>
 *   subscription     WSSUB#<ws>               CONN#<conn>
 *   subscription ref CONN#<conn>              SUB#<ws>
 *   conversation     CHAT#<ws>#<user>         CONV#<conv>             the assistant's conversations, per user and workspace
 *   chat message     CONV#<conv>              MSG#<time>#<message>
 *   undo             CHAT#<ws>#<user>         UNDO#<token>            what one tool write can take back; TTL
 *   proposal         CHAT#<ws>#<user>         PROPOSAL#<token>        a write the assistant proposed, until applied; TTL
 *   chat counter     USER#<user>              CHATRATE#<minute>       messages per minute; TTL
 *   calendar feed    USER#<user>              CALFEED#<ws>            the user's private calendar feed of a workspace (its secret, scope)
 *   feed secret      CALFEED#<sha-256>        META                    whose feed a secret opens (the served address's lookup)
 *   agent change     USER#<user>              AGENTCHANGE#<time>#<token>  a write an outside AI agent (MCP) made as the user, with its undo token; TTL
 *   agent call count USER#<user>              MCPRATE#<minute>        tool calls outside agents made as the user per minute; TTL
 *   invite counter   USER#<user>              INVITERATE#<hour|day>   invitations sent per hour and per day, across workspaces; TTL
 *   creation counter USER#<user>              WSCREATE#<day>          workspaces created per day; TTL
 *   chat stop        USER#<user>              CHATSTOP#<request>      a reply the user stopped; TTL
 *   connection rate  CONN#<conn>              RATE#<10 s window>      messages the connection sent in the window; TTL
 *   connect counter  IPCONNECT#<address>      <minute>                WebSocket connections opened from one IP address; TTL
 *   token counter    AITOKENS#<USER#<user>|WS#<ws>>  <day>            model tokens the assistant spent for a user, a workspace; TTL
 *   reply slot       USER#<user>              REPLYSLOT#<0|1>         one of the user's replies in flight (its request, its lease); TTL
 *   idempotency      USER#<user>              IDEMPOTENCY#<route>#<key> one create sent with an Idempotency-Key; TTL
 *   google account   GCAL#<ws>#<user>         ACCOUNT#<account>       a connected Google account (sealed refresh token)
 *                                                                    emailLookup: GACCOUNT#<account> / GCAL#<ws>#<user>
 *   google calendar  GCAL#<ws>#<user>         CALENDAR#<account>#<cal> its settings (enabled, project) and sync token
 *   google event     GCAL#<ws>#<user>         EVENT#<account>#<cal>#<event>  the synced copy of an event
 *   deadline written GCAL#<ws>#<user>         DEADLINE#<account>#<cal>#<task> the due date last written as an event
 *   oauth state      OAUTHSTATE#<state>       META                    one pending Google authorization; TTL
 *   socket ticket    WSTICKET#<sha-256>       META                    one-use admission to the WebSocket, 30 s; TTL
 *   api token        APITOKEN#<sha-256>       META                    a personal API token, by its secret's hash; TTL at expiry
 *                                                                    userLookup: USER#<user> / APITOKEN#<token>
 *   api token rate   APITOKENRATE#<token>     <minute>                requests one API token made in one minute; TTL
 *   webhook          WS#<ws>                  WEBHOOK#<webhook>       an endpoint, its events and secret
 *   export job       WS#<ws> | USER#<user>    EXPORT#<export>         a workspace/project export, or a person's own; its files' keys; TTL 7 days
 *   import job       WS#<ws>                  IMPORT#<import>         an import's status, preview, cursor, progress and report; TTL 7 days
 *   imported file    WS#<ws>                  IMPORTFILE#<sha-256>    the last started import of a file (the 409's question); TTL 7 days
 *   webhook count    WS#<ws>                  WEBHOOKCOUNT            how many endpoints the workspace has (its limit, kept in the writes)
 *   webhook attempt  WEBHOOKLOG#<ws>#<webhook> <time>#<attempt>      one delivery attempt's outcome; TTL 7 days
 *   search entry     SEARCH#<ws>              <word>#<kind>#<id>      one word of a project's, task's, note's or link's text
 *   table layout     TABLE                    LAYOUT                  the key layout's version (migrations)
 *
 * The project list is one Query of `PROJECT#` in the workspace partition and holds nothing but projects;
 * a project's tasks, milestones and notes are one Query of its own partition. Ids that become key parts are
 * server-made UUIDs or Cognito subs, and path and body ids are checked against `[A-Za-z0-9_-]` before they
 * get here (shared/schemas/ids.ts), so no id can carry a `#` and reach into another key's range.
 */

export interface IndexKeys {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

function index(name: string): IndexKeys {
  return { indexName: name, partitionKey: `${name}PK`, sortKey: `${name}SK` };
}

/** Global secondary indexes, each projecting all attributes. */
export const indexes = {
  /** A user's memberships, open WebSocket connections and API tokens. */
  userLookup: index('GSI1'),
  /** Profiles and pending invitations by lower-cased e-mail address; connected Google accounts by Google's id. */
  emailLookup: index('GSI2'),
  /** Sparse: a workspace's tasks that have a due date, by due date: open ones, and completed ones apart. */
  tasksByDueDate: index('GSI3'),
  /** Sparse: a workspace's assigned tasks by assignee: open ones by due date, then completed ones by time. */
  tasksByAssignee: index('GSI4'),
  /** A workspace's tasks by status, newest activity (completion, else creation) last. */
  tasksByStatus: index('GSI5'),
  /** A workspace's tasks by their latest activity: completion, else creation. */
  tasksByActivity: index('GSI6'),
} as const;

export type IndexName = keyof typeof indexes;

/** A type, not an interface, so that a key passes where a plain record of attributes is expected. */
export type ItemKey = { readonly PK: string; readonly SK: string };

const WORKSPACE = 'WS#';
const PROJECT_PARTITION = 'PROJ#';
const USER = 'USER#';
const CONNECTION = 'CONN#';
/** The sort-key prefix of the agent changes in a user's partition, newest last. */
export const AGENT_CHANGE = 'AGENTCHANGE#';
const API_TOKEN = 'APITOKEN#';

/** Sort-key prefixes of the workspace partition, for Queries of one kind of item. */
export const workspaceSortKeyPrefixes = {
  member: 'MEMBER#',
  invitation: 'INVITE#',
  project: 'PROJECT#',
  link: 'LINK#',
  label: 'LABEL#',
  webhook: 'WEBHOOK#',
} as const;

/** Sort-key prefixes of a project's partition. */
export const projectItemPrefixes = {
  task: 'TASK#',
  milestone: 'MILESTONE#',
  note: 'NOTE#',
} as const;
export type ProjectItemKind = keyof typeof projectItemPrefixes;

export function workspacePartition(workspaceId: string): string {
  return `${WORKSPACE}${workspaceId}`;
}

export const keys = {
  workspace: (workspaceId: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: 'META' }),
  membership: (workspaceId: string, userId: string): ItemKey => ({
    PK: workspacePartition(workspaceId),
    SK: `${workspaceSortKeyPrefixes.member}${userId}`,
  }),
  invitation: (workspaceId: string, email: string): ItemKey => ({
    PK: workspacePartition(workspaceId),
    SK: `${workspaceSortKeyPrefixes.invitation}${email}`,
  }),
  project: (workspaceId: string, projectId: string): ItemKey => ({
    PK: workspacePartition(workspaceId),
    SK: `${workspaceSortKeyPrefixes.project}${projectId}`,
  }),
  link: (workspaceId: string, linkId: string): ItemKey => ({
    PK: workspacePartition(workspaceId),
    SK: `${workspaceSortKeyPrefixes.link}${linkId}`,
  }),
  label: (workspaceId: string, labelId: string): ItemKey => ({
    PK: workspacePartition(workspaceId),
    SK: `${workspaceSortKeyPrefixes.label}${labelId}`,
  }),
  /** The lower-cased name is the key's last part, so a `#` in it reaches no other key's range. */
  labelName: (workspaceId: string, nameKey: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: `LABELNAME#${nameKey}` }),
  labelCount: (workspaceId: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: 'LABELCOUNT' }),
  projectItem: (kind: ProjectItemKind, workspaceId: string, projectId: string, id: string): ItemKey => ({
    PK: projectPartition(workspaceId, projectId),
    SK: `${projectItemPrefixes[kind]}${id}`,
  }),
  /** Apart from the TASK# range, so reads of a project's tasks never meet it; it goes with the project's partition. */
  subtaskCount: (workspaceId: string, projectId: string, taskId: string): ItemKey => ({ PK: projectPartition(workspaceId, projectId), SK: `SUBTASKS#${taskId}` }),
  profile: (userId: string): ItemKey => ({ PK: `${USER}${userId}`, SK: 'PROFILE' }),
  connection: (connectionId: string): ItemKey => ({ PK: `${CONNECTION}${connectionId}`, SK: 'META' }),
  subscription: (workspaceId: string, connectionId: string): ItemKey => ({
    PK: subscribersPartition(workspaceId),
    SK: `${CONNECTION}${connectionId}`,
  }),
  subscriptionRef: (connectionId: string, workspaceId: string): ItemKey => ({
    PK: `${CONNECTION}${connectionId}`,
    SK: `SUB#${workspaceId}`,
  }),
  conversation: (workspaceId: string, userId: string, conversationId: string): ItemKey => ({
    PK: chatPartition(workspaceId, userId),
    SK: `${CONVERSATION}${conversationId}`,
  }),
  chatMessage: (conversationId: string, createdAt: string, messageId: string): ItemKey => ({
    PK: messagesPartition(conversationId),
    SK: `${CHAT_MESSAGE}${createdAt}#${messageId}`,
  }),
  undo: (workspaceId: string, userId: string, token: string): ItemKey => ({ PK: chatPartition(workspaceId, userId), SK: `UNDO#${token}` }),
  proposal: (workspaceId: string, userId: string, token: string): ItemKey => ({ PK: chatPartition(workspaceId, userId), SK: `PROPOSAL#${token}` }),
  chatCounter: (userId: string, minute: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `CHATRATE#${minute}` }),
  calendarFeed: (userId: string, workspaceId: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `CALFEED#${workspaceId}` }),
  calendarFeedSecret: (secretHash: string): ItemKey => ({ PK: `CALFEED#${secretHash}`, SK: 'META' }),
  agentChange: (userId: string, madeAt: string, token: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `${AGENT_CHANGE}${madeAt}#${token}` }),
  agentCallCounter: (userId: string, minute: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `MCPRATE#${minute}` }),
  /** `window` names the counted span, e.g. `hour#2026-05-01T10:00:00.000Z`. */
  invitationCounter: (userId: string, window: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `INVITERATE#${window}` }),
  workspaceCreationCounter: (userId: string, day: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `WSCREATE#${day}` }),
  exportCounter: (userId: string, hour: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `EXPORTRATE#${hour}` }),
  chatStop: (userId: string, requestId: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `CHATSTOP#${requestId}` }),
  /** A connection's messages in one window (its partition, so they go with the connection). */
  connectionRate: (connectionId: string, window: string): ItemKey => ({ PK: `${CONNECTION}${connectionId}`, SK: `RATE#${window}` }),
  /** Connections opened from one IP address in one minute (IPv6 addresses hold ':' but never '#'). */
  connectCounter: (sourceIp: string, minute: string): ItemKey => ({ PK: `IPCONNECT#${sourceIp}`, SK: minute }),
  /** Model tokens spent in a UTC day for `spender`: `USER#<user>` or `WS#<ws>` (apart from the workspace's items). */
  assistantTokens: (spender: string, day: string): ItemKey => ({ PK: `AITOKENS#${spender}`, SK: day }),
  replySlot: (userId: string, slot: number): ItemKey => ({ PK: `${USER}${userId}`, SK: `REPLYSLOT#${slot}` }),
  trashEntry: (workspaceId: string, entryId: string): ItemKey => ({ PK: trashPartition(workspaceId), SK: `${trashPrefixes.entry}${entryId}` }),
  trashPart: (workspaceId: string, entryId: string, part: number): ItemKey => ({ PK: trashPartition(workspaceId), SK: `${trashPrefixes.partsOf(entryId)}${String(part).padStart(3, '0')}` }),
  planRun: (workspaceId: string, weekStart: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: `PLANRUN#${weekStart}` }),
  /** The head of a saved weekly plan: the team's (`TEAM`) or one member's own (`USER#<id>`). */
  weeklyPlanHead: (workspaceId: string, scope: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: `WEEKPLAN#${scope}` }),
  /** One chunk of a saved weekly plan's entries; its head names the plan id of the current chunks. */
  weeklyPlanChunk: (workspaceId: string, scope: string, planId: string, chunk: number): ItemKey => ({
    PK: workspacePartition(workspaceId),
    SK: `WEEKPLAN#${scope}#${planId}#${String(chunk).padStart(4, '0')}`,
  }),
  activity: (workspaceId: string, at: string, eventId: string): ItemKey => ({ PK: activityPartition(workspaceId), SK: `${at}#${eventId}` }),
  /** The version a write gave the task keys its entry: a redelivered stream record writes the same item. */
  taskHistory: (workspaceId: string, taskId: string, version: number): ItemKey => ({
    PK: taskHistoryPartition(workspaceId),
    SK: `${taskHistoryPrefix(taskId)}${String(version).padStart(10, '0')}`,
  }),
  /** Keyed by the task alone (not its project), so a task's comments stay with it when it moves. */
  inboxNotice: (userId: string, noticeId: string): ItemKey => ({ PK: inboxPartition(userId), SK: `${INBOX_NOTICE_PREFIX}${noticeId}` }),
  comment: (workspaceId: string, taskId: string, commentId: string): ItemKey => ({ PK: commentPartition(workspaceId), SK: `${commentPrefix(taskId)}${commentId}` }),
  /** Beside the tasks' comments, under a prefix no task id has. */
  projectComment: (workspaceId: string, projectId: string, commentId: string): ItemKey => ({
    PK: commentPartition(workspaceId),
    SK: `${projectCommentPrefix(projectId)}${commentId}`,
  }),
  /** Keyed by the task alone, as comments are: a task's files stay with it when it moves. */
  /** No task id holds '#', so no task's `<task>#` range meets it; it goes with the partition. */
  attachmentUsage: (workspaceId: string): ItemKey => ({ PK: attachmentPartition(workspaceId), SK: 'USAGE' }),
  attachment: (workspaceId: string, taskId: string, attachmentId: string): ItemKey => ({
    PK: attachmentPartition(workspaceId),
    SK: `${taskChildPrefix(taskId)}${attachmentId}`,
  }),
  /** A file of a comment on a project itself, beside the tasks' files as its comment is beside theirs. */
  projectAttachment: (workspaceId: string, projectId: string, attachmentId: string): ItemKey => ({
    PK: attachmentPartition(workspaceId),
    SK: `${projectCommentPrefix(projectId)}${attachmentId}`,
  }),
  autoPlanEntry: (workspaceId: string): ItemKey => ({ PK: AUTO_PLAN_PARTITION, SK: workspacePartition(workspaceId) }),
  workspaceRegistryEntry: (workspaceId: string): ItemKey => ({ PK: WORKSPACE_REGISTRY_PARTITION, SK: workspacePartition(workspaceId) }),
  idempotency: (userId: string, scope: string, key: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `IDEMPOTENCY#${scope}#${key}` }),
  reminderSent: (userId: string, date: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `REMINDER#${date}` }),
  mailSent: (userId: string, kind: string, on: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `MAILSENT#${kind}#${on}` }),
  digestItem: (userId: string, recordId: string): ItemKey => ({ PK: `${USER}${userId}`, SK: `${DIGEST_ITEM_PREFIX}${recordId}` }),
  googleAccount: (workspaceId: string, userId: string, accountId: string): ItemKey => ({
    PK: googlePartition(workspaceId, userId),
    SK: `${googleSortKeyPrefixes.account}${accountId}`,
  }),
  googleCalendar: (workspaceId: string, userId: string, accountId: string, calendarId: string): ItemKey => ({
    PK: googlePartition(workspaceId, userId),
    SK: `${googleSortKeyPrefixes.calendar}${accountId}#${keyPart(calendarId)}`,
  }),
  googleEvent: (workspaceId: string, userId: string, accountId: string, calendarId: string, eventId: string): ItemKey => ({
    PK: googlePartition(workspaceId, userId),
    SK: `${googleSortKeyPrefixes.event}${accountId}#${keyPart(calendarId)}#${keyPart(eventId)}`,
  }),
  deadlineEvent: (workspaceId: string, userId: string, accountId: string, calendarId: string, taskId: string): ItemKey => ({
    PK: googlePartition(workspaceId, userId),
    SK: `${googleSortKeyPrefixes.deadline}${accountId}#${keyPart(calendarId)}#${taskId}`,
  }),
  oauthState: (state: string): ItemKey => ({ PK: `OAUTHSTATE#${state}`, SK: 'META' }),
  /** Keyed by the ticket's hash: the table never holds a usable ticket. */
  socketTicket: (ticketHash: string): ItemKey => ({ PK: `WSTICKET#${ticketHash}`, SK: 'META' }),
  searchEntry: (workspaceId: string, word: string, kind: string, id: string): ItemKey => ({
    PK: searchPartition(workspaceId),
    SK: `${word}#${kind}#${id}`,
  }),
  /** Keyed by the secret's hash, so a bearer resolves in one GetItem and the table never holds a usable token. */
  apiToken: (secretHash: string): ItemKey => ({ PK: `APITOKEN#${secretHash}`, SK: 'META' }),
  apiTokenRate: (tokenId: string, minute: string): ItemKey => ({ PK: `APITOKENRATE#${tokenId}`, SK: minute }),
  webhook: (workspaceId: string, webhookId: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: `${workspaceSortKeyPrefixes.webhook}${webhookId}` }),
  /** A workspace's or project's export in the workspace's partition (deleted with it); a person's own in theirs. */
  exportJob: (owner: { workspaceId: string } | { userId: string }, exportId: string): ItemKey => ({
    PK: 'workspaceId' in owner ? workspacePartition(owner.workspaceId) : `${USER}${owner.userId}`,
    SK: `EXPORT#${exportId}`,
  }),
  /** An import into the workspace (issue 39); its list is one Query of `IMPORT#` (`IMPORTFILE#` is not in it). */
  importJob: (workspaceId: string, importId: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: `IMPORT#${importId}` }),
  /** The last import started of a file, by its SHA-256: a lookup, not a scan of the jobs. */
  importedFile: (workspaceId: string, sha256: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: `IMPORTFILE#${sha256}` }),
  webhookCount: (workspaceId: string): ItemKey => ({ PK: workspacePartition(workspaceId), SK: 'WEBHOOKCOUNT' }),
  webhookAttempt: (workspaceId: string, webhookId: string, at: string, attemptId: string): ItemKey => ({
    PK: webhookLogPartition(workspaceId, webhookId),
    SK: `${at}#${attemptId}`,
  }),
  /** Which layout of these keys the table holds (data/migrations). */
  tableLayout: (): ItemKey => ({ PK: 'TABLE', SK: 'LAYOUT' }),
} as const;

/** One endpoint's delivery attempts, oldest first. */
export function webhookLogPartition(workspaceId: string, webhookId: string): string {
  return `WEBHOOKLOG#${workspaceId}#${webhookId}`;
}

/** A user's Google Calendar connection in one workspace: accounts, calendars, synced events. */
export function googlePartition(workspaceId: string, userId: string): string {
  return `GCAL#${workspaceId}#${userId}`;
}

export const googleSortKeyPrefixes = { account: 'ACCOUNT#', calendar: 'CALENDAR#', event: 'EVENT#', deadline: 'DEADLINE#' } as const;

/** Google's ids (calendar 'team#holiday@group.calendar.google.com', event ids) may hold '#': encoded in keys. */
export function keyPart(googleId: string): string {
  return encodeURIComponent(googleId);
}

/** A workspace's team activity, oldest first (read newest first, a page of the latest). */
export function activityPartition(workspaceId: string): string {
  return `FEED#${workspaceId}`;
}

/** Every task's history of a workspace in one partition (deleted with it, as the feed is); a task's entries by version. */
export function taskHistoryPartition(workspaceId: string): string {
  return `TASKHIST#${workspaceId}`;
}

export function taskHistoryPrefix(taskId: string): string {
  return `${taskId}#`;
}

/** Every comment of a workspace in one partition (deleted with it); a task's comments by their time-sorted ids. */
export function commentPartition(workspaceId: string): string {
  return `COMMENT#${workspaceId}`;
}

export function commentPrefix(taskId: string): string {
  return taskChildPrefix(taskId);
}

/** The start of the sort keys of a project's own comments (ids never hold '#', so no task's prefix is this). */
export function projectCommentPrefix(projectId: string): string {
  return `P#${projectId}#`;
}

/**
 * The start of the sort keys of one subject's items in a partition keyed by subject (comments, attachments):
 * the task's, or without `taskId` the project's own.
 */
export function subjectChildPrefix({ projectId, taskId }: { projectId: string; taskId?: string | undefined }): string {
  return taskId === undefined ? projectCommentPrefix(projectId) : taskChildPrefix(taskId);
}

/** Every attachment of a workspace in one partition (deleted with it); a task's by their time-sorted ids. */
export function attachmentPartition(workspaceId: string): string {
  return `ATTACHMENT#${workspaceId}`;
}

/** The start of the sort keys of one task's items in a partition keyed by task (comments, attachments). */
export function taskChildPrefix(taskId: string): string {
  return `${taskId}#`;
}

/** A workspace's Trash (deleted with it): entries by their time-sorted ids, and their parts. */
export function trashPartition(workspaceId: string): string {
  return `TRASH#${workspaceId}`;
}

export const trashPrefixes = {
  entry: 'ENTRY#',
  /** The entries of one deletion's batch: entry ids are `<batch>-<n>`. */
  batch: (batchId: string): string => `ENTRY#${batchId}-`,
  partsOf: (entryId: string): string => `PART#${entryId}#`,
};
/** A user's inbox (issue 37): their notices, by time-sorted ids. */
export function inboxPartition(userId: string): string {
  return `INBOX#${userId}`;
}

export const INBOX_NOTICE_PREFIX = 'N#';

/** The one partition listing the workspaces whose week is planned on schedule (few, read once a week). */
export const AUTO_PLAN_PARTITION = 'AUTOPLAN';

/** The one partition listing every workspace (read once a day by the due-date reminders). */
export const WORKSPACE_REGISTRY_PARTITION = 'WORKSPACES';
export const DIGEST_ITEM_PREFIX = 'DIGESTITEM#';
export const userPartition = (userId: string): string => `${USER}${userId}`;

const CONVERSATION = 'CONV#';
const CHAT_MESSAGE = 'MSG#';

/** A user's conversations with the assistant in one workspace. */
export function chatPartition(workspaceId: string, userId: string): string {
  return `CHAT#${workspaceId}#${userId}`;
}

export const chatSortKeyPrefixes = { conversation: CONVERSATION, message: CHAT_MESSAGE } as const;

/** One conversation's messages, oldest first. */
export function messagesPartition(conversationId: string): string {
  return `${CONVERSATION}${conversationId}`;
}

/**
 * A workspace's search index: one entry per distinct word of an item's text, sorted by the word, so that a
 * query word is one Query of `begins_with(SK, <word>)` — prefixes match without storing them. Words hold
 * only letters and digits (shared/rules/search-words.ts), never the separator.
 */
export function searchPartition(workspaceId: string): string {
  return `SEARCH#${workspaceId}`;
}

/** The partition holding one project's tasks, milestones and notes. */
export function projectPartition(workspaceId: string, projectId: string): string {
  return `${PROJECT_PARTITION}${workspaceId}#${projectId}`;
}

export function connectionPartition(connectionId: string): string {
  return `${CONNECTION}${connectionId}`;
}

export function subscribersPartition(workspaceId: string): string {
  return `WSSUB#${workspaceId}`;
}

// --- index keys ------------------------------------------------------------------------------------------

/** userLookup: a membership (USER#<user> / WS#<ws>) and a connection (USER#<user> / CONN#<conn>). */
export const userLookup = {
  partition: (userId: string) => `${USER}${userId}`,
  membershipSortKey: (workspaceId: string) => workspacePartition(workspaceId),
  membershipPrefix: WORKSPACE,
  connectionSortKey: (connectionId: string) => `${CONNECTION}${connectionId}`,
  connectionPrefix: CONNECTION,
  apiTokenSortKey: (tokenId: string) => `${API_TOKEN}${tokenId}`,
  apiTokenPrefix: API_TOKEN,
} as const;

/**
 * emailLookup: profiles (EMAIL#<email> / PROFILE) and invitations (EMAIL#<email> / INVITE#<ws>); and every
 * connection of one Google account, whoever made it and where (GACCOUNT#<account> / GCAL#<ws>#<user>).
 */
export const emailLookup = {
  partition: (email: string) => `EMAIL#${email}`,
  profileSortKey: 'PROFILE',
  invitationSortKey: (workspaceId: string) => `${workspaceSortKeyPrefixes.invitation}${workspaceId}`,
  invitationPrefix: workspaceSortKeyPrefixes.invitation,
  googleAccountPartition: (accountId: string) => `GACCOUNT#${accountId}`,
  googleConnectionSortKey: (workspaceId: string, userId: string) => googlePartition(workspaceId, userId),
  googleConnectionPrefix: 'GCAL#',
} as const;

/**
 * Partition values of the task indexes. Sort keys end with the task id so that tasks sharing a date
 * still sort the same way on every read.
 */
export const taskIndexPartitions = {
  openByDueDate: (workspaceId: string) => `DUE#${workspaceId}`,
  completedByDueDate: (workspaceId: string) => `DUE_DONE#${workspaceId}`,
  byAssignee: (workspaceId: string, userId: string) => `ASSIGNEE#${workspaceId}#${userId}`,
  byStatus: (workspaceId: string, status: string) => `STATUS#${workspaceId}#${status}`,
  byActivity: (workspaceId: string) => `ACTIVITY#${workspaceId}`,
} as const;

/**
 * The workspace's notes, newest edit first, for /notes: an overload of the tasksByStatus index (GSI5) with
 * a partition of their own, NOTES#<ws> / <updatedAt>#<note>, so no index is added for them.
 */
export const notesIndexPartition = (workspaceId: string) => `NOTES#${workspaceId}`;

/** In tasksByAssignee, open tasks sort before completed ones; open ones without a due date come last. */
export const assigneeSortKeyPrefixes = { open: 'OPEN#', completed: 'DONE#' } as const;
export const NO_DUE_DATE_SORT_VALUE = '~';
