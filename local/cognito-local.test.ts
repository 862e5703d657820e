import { describe, expect, it } from 'vitest';
import { parseCodeDelivery } from './cognito-local.js';

describe('parseCodeDelivery', () => {
  it('finds the recipient and code in cognito-local’s boxed message', () => {
    const output = [
      'INFO: abc ForgotPassword ╭──────────────╮',
      '│ Confirmation Code Delivery │',
      '│ Username:    ada@example.com │',
      '│ Destination: ada@example.com │',
      '│ Code:        123456 │',
      '╰──────────────╯',
    ].join('\n');
    expect(parseCodeDelivery(output)).toEqual({ destination: 'ada@example.com', code: '123456' });
  });

  it('ignores other output', () => {
    expect(parseCodeDelivery('INFO: NONE NONE Cognito Local running on http://localhost:9229')).toBeUndefined();
  });
});
