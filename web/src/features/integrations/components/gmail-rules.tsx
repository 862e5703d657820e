import { useRef, useState, type FormEvent } from 'react';
import { priorities, type Priority } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import {
  emptyRuleDraft,
  gmailRuleActionLabels,
  hasRuleErrors,
  ruleFromDraft,
  RULE_CONDITION_MAX_LENGTH,
  RULE_NAME_MAX_LENGTH,
  RULE_PROJECT_MAX_LENGTH,
  validateRuleDraft,
  type GmailRule,
  type GmailRuleDraft,
  type RuleDraftErrors,
} from '../utils/gmail-rules';
import { PriorityLabel, priorityNames } from './priority-label';
import { Switch } from '@/components/ui/switch';

export const DELETE_RULE_CONFIRMATION = 'Are you sure you want to delete this rule?';

/** The Add Rule form (spec pages §2, §5): name and condition required, errors shown once Create Rule is pressed. */
function AddRuleForm({ onCreate, onCancel }: { onCreate: (rule: GmailRule) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<GmailRuleDraft>(emptyRuleDraft);
  const [errors, setErrors] = useState<RuleDraftErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const conditionRef = useRef<HTMLInputElement>(null);

  const change = (patch: Partial<GmailRuleDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // After a refused submit the messages follow the typing, so a fixed field loses its error at once.
    if (submitted) setErrors(validateRuleDraft(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRuleDraft(draft);
    setSubmitted(true);
    setErrors(found);
    if (hasRuleErrors(found)) {
      (found.name ? nameRef : conditionRef).current?.focus();
      return;
    }
    onCreate(ruleFromDraft(draft));
  };

  return (
    <form className="form gmail-rule-form" aria-label="Add Rule" onSubmit={submit} noValidate>
      <div className="form-row">
        <Field
          ref={nameRef}
          label="Rule Name"
          required
          value={draft.name}
          maxLength={RULE_NAME_MAX_LENGTH}
          onChange={(event) => change({ name: event.target.value })}
          error={errors.name}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the form opens because the user asked to add a rule: focus belongs in its first field
          autoFocus
        />
        <Field
          label="Project"
          value={draft.project}
          maxLength={RULE_PROJECT_MAX_LENGTH}
          onChange={(event) => change({ project: event.target.value })}
          hint="The project the tasks go to (free text)."
        />
      </div>
      <Field
        ref={conditionRef}
        label="Email Condition"
        required
        value={draft.condition}
        maxLength={RULE_CONDITION_MAX_LENGTH}
        onChange={(event) => change({ condition: event.target.value })}
        placeholder='from:@client.example.com or subject contains "invoice"'
        error={errors.condition}
      />
      <SelectField label="Priority" value={draft.priority} onChange={(event) => change({ priority: event.target.value as Priority })}>
        {priorities.map((priority) => (
          <option key={priority} value={priority}>
            {priorityNames[priority]}
          </option>
        ))}
      </SelectField>
      <div className="form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary">
          Create Rule
        </Button>
      </div>
    </form>
  );
}

function RuleItem({ rule, onToggle, onDelete }: { rule: GmailRule; onToggle: (enabled: boolean) => void; onDelete: () => void }) {
  return (
    <li className="integration-item">
      <div className="integration-item-main">
        <div className="integration-item-title">
          <h3 className="integration-item-name">{rule.name}</h3>
          <span className={rule.enabled ? 'integration-badge integration-badge-connected' : 'integration-badge'}>{rule.enabled ? 'Active' : 'Disabled'}</span>
        </div>
        <p className="integration-item-text">
          <span className="muted">When </span>
          <code>{rule.condition}</code>
        </p>
        <p className="integration-item-text muted">
          {gmailRuleActionLabels[rule.action]} in {rule.project || 'no project'} · <PriorityLabel priority={rule.priority} />
        </p>
      </div>
      <div className="integration-item-actions">
        <Switch
          label={
            <>
              <span aria-hidden="true">Enabled</span>
              <span className="visually-hidden">Enabled: {rule.name}</span>
            </>
          }
          checked={rule.enabled}
          onChange={onToggle}
        />
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete rule ${rule.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Email processing rules (spec pages §2 Gmail, connected): the list, Add Rule inline, enable and delete. */
export function GmailRules({ rules, onChange }: { rules: readonly GmailRule[]; onChange: (change: (rules: readonly GmailRule[]) => GmailRule[]) => void }) {
  const [adding, setAdding] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const { confirm, dialog } = useConfirm();

  const closeForm = () => {
    setAdding(false);
    // The form (and focus in it) goes away: back to the button that opened it.
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  const deleteRule = async (rule: GmailRule) => {
    if (await confirm({ title: 'Delete rule', message: DELETE_RULE_CONFIRMATION, confirmLabel: 'Delete', danger: true })) {
      onChange((current) => current.filter((candidate) => candidate.id !== rule.id));
    }
  };

  return (
    <Card
      title="Email Processing Rules"
      actions={
        adding ? null : (
          <Button ref={addButtonRef} size="sm" variant="primary" onClick={() => setAdding(true)}>
            Add Rule
          </Button>
        )
      }
    >
      {adding ? (
        <AddRuleForm
          onCancel={closeForm}
          onCreate={(rule) => {
            onChange((current) => [...current, rule]);
            closeForm();
          }}
        />
      ) : null}
      {rules.length === 0 ? (
        <p className="muted">No rules yet. Add one to turn matching emails into tasks.</p>
      ) : (
        <ul className="integration-items" aria-label="Rules">
          {rules.map((rule) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              onToggle={(enabled) => onChange((current) => current.map((candidate) => (candidate.id === rule.id ? { ...candidate, enabled } : candidate)))}
              onDelete={() => void deleteRule(rule)}
            />
          ))}
        </ul>
      )}
      {dialog}
    </Card>
  );
}
