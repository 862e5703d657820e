import * as z from 'zod/mini';
import { priorities, type Priority } from '@shared/schemas/project';
import { randomHex } from './random';

/** An email processing rule of the Gmail mock-up (spec pages §3 Gmail rule: local only). */
export const gmailRuleActions = ['create_task'] as const;
export const gmailRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  condition: z.string(),
  action: z.enum(gmailRuleActions),
  project: z.string(),
  priority: z.enum(priorities),
  enabled: z.boolean(),
});
export type GmailRule = z.infer<typeof gmailRuleSchema>;

export const gmailRuleActionLabels: Record<GmailRule['action'], string> = { create_task: 'Create a task' };

export const RULE_NAME_MAX_LENGTH = 100;
export const RULE_CONDITION_MAX_LENGTH = 300;
export const RULE_PROJECT_MAX_LENGTH = 100;

/** Spec pages §5 (Gmail rule creation): name and condition are required. */
export const RULE_NAME_REQUIRED = 'Rule name is required';
export const RULE_CONDITION_REQUIRED = 'Email condition is required';

/** What the Add Rule form holds. */
export interface GmailRuleDraft {
  readonly name: string;
  readonly project: string;
  readonly condition: string;
  readonly priority: Priority;
}

export const emptyRuleDraft: GmailRuleDraft = { name: '', project: '', condition: '', priority: 'medium' };

export interface RuleDraftErrors {
  readonly name?: string;
  readonly condition?: string;
}

/** The messages of the fields that are wrong; an empty object when the draft can be saved. */
export function validateRuleDraft(draft: GmailRuleDraft): RuleDraftErrors {
  return {
    ...(draft.name.trim() === '' ? { name: RULE_NAME_REQUIRED } : {}),
    ...(draft.condition.trim() === '' ? { condition: RULE_CONDITION_REQUIRED } : {}),
  };
}

export const hasRuleErrors = (errors: RuleDraftErrors): boolean => errors.name !== undefined || errors.condition !== undefined;

/** A new, enabled rule from a valid draft (text trimmed and cut to its maximum). */
export function ruleFromDraft(draft: GmailRuleDraft, id: string = randomHex(8)): GmailRule {
  return {
    id,
    name: draft.name.trim().slice(0, RULE_NAME_MAX_LENGTH),
    condition: draft.condition.trim().slice(0, RULE_CONDITION_MAX_LENGTH),
    action: 'create_task',
    project: draft.project.trim().slice(0, RULE_PROJECT_MAX_LENGTH),
    priority: draft.priority,
    enabled: true,
  };
}
