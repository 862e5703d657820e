import { describe, expect, it } from 'vitest';
import { parseCodeDeliveries } from './cognito-local.js';

/** One entry as cognito-local logs it (colours included). */
function entry(operation: string, destination: string, code: string): string {
  return [
    `[1795424039593] \u001b[32mINFO\u001b[39m: \u001b[36mf28f42cd ${operation} ╭──────────────╮`,
    '│   Confirmation Code Delivery                     │',
    `│   Destination: ${destination}   │`,
    `│   Code:        ${code}                            │`,
    `╰──────────────╯\u001b[39m \u001b[90m{"reqId":"f28f42cd","target":"${operation}"}\u001b[39m`,
    '',
  ].join('\n');
}

describe('parseCodeDeliveries', () => {
  it('finds the operation, recipient and code of a complete entry', () => {
    expect(parseCodeDeliveries(entry('ForgotPassword', 'ada@example.com', '730371'))).toEqual({
      deliveries: [{ operation: 'ForgotPassword', destination: 'ada@example.com', code: '730371' }],
      rest: '\u001b[39m\n',
    });
  });

  it('returns every entry of a chunk, in order', () => {
    const chunk = entry('SignUp', 'ada@example.com', '111111') + entry('ForgotPassword', 'ada@example.com', '222222');
    expect(parseCodeDeliveries(chunk).deliveries.map((delivery) => delivery.code)).toEqual(['111111', '222222']);
  });

  it('keeps a half-arrived entry for the next chunk', () => {
    const whole = entry('ForgotPassword', 'bob@example.com', '333333');
    const first = parseCodeDeliveries(whole.slice(0, 120));
    expect(first.deliveries).toEqual([]);
    const second = parseCodeDeliveries(first.rest + whole.slice(120));
    expect(second.deliveries).toEqual([{ operation: 'ForgotPassword', destination: 'bob@example.com', code: '333333' }]);
  });

  it('skips log entries that are not mails', () => {
    const other = 'INFO: 1 InitiateAuth done \u001b[90m{"reqId":"1","target":"InitiateAuth"}\u001b[39m\n';
    expect(parseCodeDeliveries(other + entry('ForgotPassword', 'c@example.com', '444444')).deliveries).toHaveLength(1);
  });
});
