import { describe, expect, it } from 'vitest';
import { parseCodeDelivery } from './cognito-local.js';

/** One entry as cognito-local logs a mail through our JSON-line logger. */
function entry(operation: string, destination: string, code: string): string {
  const box = `╭────╮\n│   Confirmation Code Delivery   │\n│   Username:    0c06   │\n│   Destination: ${destination}   │\n│   Code:        ${code}   │\n╰────╯`;
  return JSON.stringify({ level: 30, time: 1795424039593, reqId: 'f28f42cd', target: operation, msg: box });
}

describe('parseCodeDelivery', () => {
  it('finds the operation, recipient and code of a mail entry', () => {
    expect(parseCodeDelivery(entry('ForgotPassword', 'ada@example.com', '730371'))).toEqual({
      operation: 'ForgotPassword',
      destination: 'ada@example.com',
      code: '730371',
    });
  });

  it('ignores other entries and lines that are not JSON', () => {
    expect(parseCodeDelivery(JSON.stringify({ level: 30, target: 'InitiateAuth', msg: 'done' }))).toBeUndefined();
    expect(parseCodeDelivery('{"level":30,"msg":"Confirmation Code Delivery"}')).toBeUndefined();
    expect(parseCodeDelivery('Cognito Local running')).toBeUndefined();
  });
});
