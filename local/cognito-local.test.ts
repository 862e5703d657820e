import { describe, expect, it } from 'vitest';
import { parseCodeDelivery } from './cognito-local.js';

describe('parseCodeDelivery', () => {
  it('finds the recipient and code in cognito-local’s boxed message', () => {
    const output = [
      '[1795424039593] \u001b[32mINFO\u001b[39m: \u001b[36mf28f42cd ForgotPassword ╭──────────────╮',
      '│   Confirmation Code Delivery                     │',
      '│   Destination: ada@example.com   │',
      '│   Code:        730371                            │',
      '╰──────────────╯\u001b[39m \u001b[90m{"reqId":"f28f42cd","target":"ForgotPassword"}\u001b[39m',
    ].join('\n');
    expect(parseCodeDelivery(output)).toEqual({ operation: 'ForgotPassword', destination: 'ada@example.com', code: '730371' });
  });

  it('waits until the entry is complete', () => {
    expect(parseCodeDelivery('INFO: x SignUp ╭──╮\n│ Confirmation Code Delivery │\n│ Destination: a@b.c │\n│ Code: 1')).toBeUndefined();
  });

  it('ignores other output', () => {
    expect(parseCodeDelivery('INFO: NONE NONE Cognito Local running on http://localhost:9229')).toBeUndefined();
  });
});
