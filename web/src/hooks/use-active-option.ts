import { useState, type KeyboardEvent } from 'react';

/**
 * The highlighted option of a combobox's listbox (ARIA 1.2: focus stays in the input, the option is named by
 * aria-activedescendant): ArrowDown/ArrowUp move and wrap, Enter chooses the highlighted
 * option or, with none, the first. Returns the index (-1 for none) and the input's key handler; keys it
 * does not use are left to the caller. `initialActive` 0 highlights the first option from the start (a
 * command palette, where Enter runs it); the default -1 highlights nothing until the keys or the mouse do.
 */
export function useActiveOption<T>(options: readonly T[], choose: (option: T) => void, initialActive = -1) {
  const [requested, setActive] = useState(initialActive);
  const active = requested < options.length ? requested : -1;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    const count = options.length;
    const move = (index: number) => {
      event.preventDefault();
      setActive(index);
    };
    switch (event.key) {
      case 'ArrowDown':
        if (count > 0) move(active + 1 >= count ? 0 : active + 1);
        return true;
      case 'ArrowUp':
        if (count > 0) move(active <= 0 ? count - 1 : active - 1);
        return true;
      case 'Enter': {
        const option = options[active >= 0 ? active : 0];
        if (!option) return false;
        event.preventDefault();
        choose(option);
        return true;
      }
      default:
        return false;
    }
  };

  return { active, setActive, onKeyDown };
}
