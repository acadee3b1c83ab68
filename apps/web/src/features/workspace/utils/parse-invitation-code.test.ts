import { describe, expect, it } from 'vitest';
import { parseInvitationCode } from './parse-invitation-code';

const CODE = '3f2b8c1e-5d4a-4b6f-9e2d-1a7c0b9e8f61';

describe('parseInvitationCode', () => {
  it('accepts the code itself, trimmed and in lower case', () => {
    expect(parseInvitationCode(CODE)).toBe(CODE);
    expect(parseInvitationCode(`  ${CODE.toUpperCase()}\n`)).toBe(CODE);
  });

  it('takes the code out of the invitation link', () => {
    expect(parseInvitationCode(`https://lumen.example.com/accept-invitation?id=${CODE}`)).toBe(CODE);
    expect(parseInvitationCode(`http://localhost:5173/accept-invitation/?id=${CODE}&utm=mail`)).toBe(CODE);
    expect(parseInvitationCode(`/accept-invitation?id=${CODE}`)).toBe(CODE);
    expect(parseInvitationCode(`lumen.example.com/accept-invitation?id=${CODE}`)).toBe(CODE);
  });

  it('ignores the brackets, quotes and full stop a pasted link may carry', () => {
    expect(parseInvitationCode(`<https://lumen.example.com/accept-invitation?id=${CODE}>`)).toBe(CODE);
    expect(parseInvitationCode(`"${CODE}".`)).toBe(CODE);
  });

  it('rejects anything else', () => {
    expect(parseInvitationCode('')).toBeNull();
    expect(parseInvitationCode('   ')).toBeNull();
    expect(parseInvitationCode('hello')).toBeNull();
    expect(parseInvitationCode('3f2b8c1e-5d4a-4b6f-9e2d')).toBeNull();
    expect(parseInvitationCode('https://lumen.example.com/accept-invitation')).toBeNull();
    expect(parseInvitationCode('https://lumen.example.com/accept-invitation?id=not-a-code')).toBeNull();
    expect(parseInvitationCode(`https://lumen.example.com/chat?id=${CODE}`)).toBeNull();
  });
});
