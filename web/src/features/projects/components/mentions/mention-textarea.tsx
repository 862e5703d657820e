import { useId, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { mentionQueryAt } from '@shared/rules/mentions';
import { mentionLabels, type ChosenMentions, type MentionMember } from '../../utils/mention-text';
import './mention-textarea.css';

/** What the box holds: the text as edited (`@Label`) and the labels chosen from the list, with their user ids. */
export interface MentionDraft {
  readonly text: string;
  readonly chosen: ChosenMentions;
}

const MAX_OPTIONS = 8;

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'role' | 'aria-expanded' | 'aria-autocomplete' | 'aria-controls' | 'aria-activedescendant'>;

/**
 * A textarea where typing `@` offers the workspace's members (issue 37): a listbox under it, the textarea
 * naming the active option (aria-activedescendant) while focus stays in it. ↓/↑ move, Enter or Tab
 * choose, Escape closes the list (and only the list); a click chooses too. The chosen member goes in as
 * `@Label` (the name, told apart from a namesake's), remembered with the user id (stored as a token,
 * utils/mention-text.ts).
 */
export function MentionTextarea({
  value,
  onChange,
  members,
  onKeyDown,
  ...props
}: TextareaProps & { value: MentionDraft; onChange: (draft: MentionDraft) => void; members: readonly MentionMember[] }) {
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const typing = caret === null ? undefined : mentionQueryAt(value.text, caret);
  const query = typing?.query.toLowerCase() ?? '';
  const labels = mentionLabels(members);
  const labelOf = (member: MentionMember) => labels.get(member.userId) ?? member.displayName;
  const options = typing && dismissed !== typing.start ? members.filter((member) => labelOf(member).toLowerCase().includes(query)).slice(0, MAX_OPTIONS) : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const follow = (element: HTMLTextAreaElement) => setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
  const choose = (member: MentionMember) => {
    if (!typing || caret === null) return;
    const label = labelOf(member);
    const inserted = `@${label} `;
    const text = `${value.text.slice(0, typing.start)}${inserted}${value.text.slice(caret)}`;
    const at = typing.start + inserted.length;
    onChange({ text, chosen: new Map([...value.chosen, [label, member.userId]]) });
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => textarea.current?.setSelectionRange(at, at));
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && typing) {
      const chosen = options[activeIndex];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && chosen && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        choose(chosen);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only, not the dialog around it.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(typing.start);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="mention-textarea">
      <textarea
        {...props}
        ref={textarea}
        value={value.text}
        // ARIA 1.2 combobox with a listbox popup: the textarea is the combobox, the list always named as
        // the one it controls, open or not.
        role="combobox"
        aria-expanded={open}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          onChange({ text: event.target.value, chosen: value.chosen });
          follow(event.target);
          setActive(0);
        }}
        onSelect={(event) => follow(event.currentTarget)}
        onBlur={() => setCaret(null)}
        onKeyDown={keyDown}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="Members to mention" className="mention-options">
          {options.map((member, index) => (
            <li
              key={member.userId}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'mention-option mention-option-active' : 'mention-option'}
              // Chosen on press, before the textarea's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(member);
              }}
            >
              {labelOf(member)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
