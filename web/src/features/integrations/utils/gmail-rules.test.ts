import { describe, expect, it } from 'vitest';
import { emptyRuleDraft, hasRuleErrors, RULE_CONDITION_REQUIRED, RULE_NAME_MAX_LENGTH, RULE_NAME_REQUIRED, ruleFromDraft, validateRuleDraft } from './gmail-rules';

describe('Gmail rule creation (spec pages §5)', () => {
  it('needs a name and a condition; blank text counts as missing', () => {
    const errors = validateRuleDraft(emptyRuleDraft);
    expect(errors).toEqual({ name: RULE_NAME_REQUIRED, condition: RULE_CONDITION_REQUIRED });
    expect(hasRuleErrors(errors)).toBe(true);
    expect(validateRuleDraft({ ...emptyRuleDraft, name: '   ', condition: 'from:a@example.com' })).toEqual({ name: RULE_NAME_REQUIRED });
    expect(validateRuleDraft({ ...emptyRuleDraft, name: 'Invoices', condition: '\t' })).toEqual({ condition: RULE_CONDITION_REQUIRED });
  });

  it('accepts a draft without a project', () => {
    const errors = validateRuleDraft({ ...emptyRuleDraft, name: 'Invoices', condition: 'subject contains "invoice"' });
    expect(errors).toEqual({});
    expect(hasRuleErrors(errors)).toBe(false);
  });

  it('makes an enabled rule with trimmed text, cut to the maximum length', () => {
    const rule = ruleFromDraft({ name: `  ${'n'.repeat(RULE_NAME_MAX_LENGTH + 5)} `, project: ' Finance ', condition: ' from:x ', priority: 'high' }, 'id-1');
    expect(rule).toEqual({
      id: 'id-1',
      name: 'n'.repeat(RULE_NAME_MAX_LENGTH),
      condition: 'from:x',
      action: 'create_task',
      project: 'Finance',
      priority: 'high',
      enabled: true,
    });
  });

  it('gives each new rule its own id', () => {
    const draft = { ...emptyRuleDraft, name: 'A', condition: 'B' };
    expect(ruleFromDraft(draft).id).not.toBe(ruleFromDraft(draft).id);
  });
});
