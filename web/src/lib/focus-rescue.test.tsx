import { afterEach, describe, expect, it } from 'vitest';
import { rescueLostFocus } from './focus-rescue';

/** A list of rows, each with a selection checkbox and a Complete button, as /tasks shows them. */
function taskList(titles: readonly string[]): HTMLUListElement {
  const list = document.createElement('ul');
  for (const title of titles) {
    const row = document.createElement('li');
    const select = document.createElement('input');
    select.type = 'checkbox';
    select.setAttribute('aria-label', `Select ${title}`);
    const complete = document.createElement('button');
    complete.textContent = `Complete ${title}`;
    row.append(select, complete);
    list.append(row);
  }
  document.body.append(list);
  return list;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rescueLostFocus', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });

  it('moves focus to the same control of the next row when the focused row leaves the list', async () => {
    const list = taskList(['Plan', 'Ship', 'Review']);
    stop = rescueLostFocus(document.body);
    const ship = list.children[1] as HTMLElement;
    (ship.querySelector('button') as HTMLButtonElement).focus();
    ship.remove();
    await settled();
    expect(document.activeElement?.textContent).toBe('Complete Review');
  });

  it('takes the same control of the previous row when the last one leaves', async () => {
    const list = taskList(['Plan', 'Ship']);
    stop = rescueLostFocus(document.body);
    const last = list.children[1] as HTMLElement;
    (last.querySelector('button') as HTMLButtonElement).focus();
    last.remove();
    await settled();
    expect(document.activeElement?.textContent).toBe('Complete Plan');
  });
});
