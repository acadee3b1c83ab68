import { ERROR_REASONS } from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubFetch } from '@/testing/fetch-stub';
import { ApiError, api } from './api-client';
import { changeLanguage, i18n } from './i18n';
import { formMessageText, serverErrorText, uploadRefusalsOf, uploadRefusalText } from './server-error-text';

const failure = (path: string) => api.post(path).catch((caught: unknown) => caught);

describe('serverErrorText', () => {
  it("translates a reason, and shows the server's message for a reason without a text or one it does not know", async () => {
    stubFetch({
      'POST /api/spaces': apiErrorResponse(409, 'CONFLICT', ERROR_REASONS.SPACE_NAME_TAKEN.message, 'SPACE_NAME_TAKEN'),
      'POST /api/files': apiErrorResponse(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'File "a.exe" is not a supported type.',
        'FILE_TYPE_NOT_SUPPORTED',
      ),
      'POST /api/later': new Response(
        JSON.stringify({
          error: { code: 'CONFLICT', message: 'A reason from a newer server', reason: 'SOMETHING_NEW' },
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    const taken = await failure('/spaces');
    const refused = await failure('/files');
    const unknown = await failure('/later');
    expect(taken).toMatchObject({ reason: 'SPACE_NAME_TAKEN' });
    expect(unknown).toMatchObject({
      code: 'CONFLICT',
      reason: undefined,
      serverMessage: 'A reason from a newer server',
    });

    await changeLanguage('fr');
    const t = i18n.getFixedT('fr');
    expect(serverErrorText(t, taken, 'Échec')).toBe('Un espace portant ce nom existe déjà dans votre équipe');
    expect(serverErrorText(t, refused, 'Échec')).toBe('File "a.exe" is not a supported type.');
    expect(serverErrorText(t, unknown, 'Échec')).toBe('A reason from a newer server');
  });

  it('translates a reason with placeholders whole, from the values the server sends with it', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': new Response(
        JSON.stringify({
          error: {
            code: 'RATE_LIMITED',
            message:
              'Too many failed sign-ins for this address. Please wait 15 minutes or reset your password, then try again.',
            reason: 'SIGN_IN_LOCKED',
            params: { minutes: 15 },
          },
        }),
        { status: 429, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    const locked = await failure('/auth/sign-in/email');
    expect(locked).toMatchObject({ reason: 'SIGN_IN_LOCKED', params: { minutes: 15 } });
    await changeLanguage('de');
    expect(serverErrorText(i18n.getFixedT('de'), locked, 'Fehler')).toBe(
      'Zu viele fehlgeschlagene Anmeldungen für diese Adresse. Bitte warten Sie 15 Minuten oder setzen Sie Ihr Passwort zurück und versuchen Sie es dann erneut.',
    );
  });

  it('falls back without a server message: network errors, bodies that are not ours, other errors', () => {
    const t = i18n.getFixedT('en');
    expect(serverErrorText(t, new ApiError({ status: 0, code: 'NETWORK_ERROR' }), 'Failed')).toBe('Failed');
    expect(serverErrorText(t, new ApiError({ status: 502, code: 'HTTP_ERROR' }), 'Failed')).toBe('Failed');
    expect(serverErrorText(t, new TypeError('boom'), 'Failed')).toBe('Failed');
  });
});

describe('formMessageText', () => {
  it("translates a form's zod message through its reason and shows any other message as it is", async () => {
    await changeLanguage('de');
    const t = i18n.getFixedT('de');
    expect(formMessageText(t, ERROR_REASONS.EMAIL_REQUIRED.message)).not.toBe(ERROR_REASONS.EMAIL_REQUIRED.message);
    expect(formMessageText(t, 'Team name must be at most 100 characters')).toBe(
      'Team name must be at most 100 characters',
    );
    expect(formMessageText(t, undefined)).toBeUndefined();
  });
});

describe('uploadRefusalText', () => {
  it('translates a refused file by its reason with its values, else shows the server message', async () => {
    await changeLanguage('es');
    const t = i18n.getFixedT('es');
    const tooLarge = {
      name: 'big.txt',
      reason: 'FILE_TOO_LARGE',
      message: ERROR_REASONS.FILE_TOO_LARGE.message,
      params: { filename: 'big.txt', maxMb: 50 },
    };
    expect(uploadRefusalText(t, tooLarge)).toBe('El archivo "big.txt" supera el límite de 50 MB.');
    expect(uploadRefusalText(t, { ...tooLarge, params: { filename: 'big.txt' } })).toBe(tooLarge.message);
    expect(uploadRefusalText(t, { ...tooLarge, reason: 'SOMETHING_NEW' })).toBe(tooLarge.message);
    await changeLanguage('en');
  });

  it('reads the refused files of an upload where every file was refused', () => {
    const refused = [
      { name: 'a.exe', reason: 'FILE_TYPE_NOT_SUPPORTED', message: 'No.', params: { filename: 'a.exe' } },
    ];
    const error = new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', details: { refused } });
    expect(uploadRefusalsOf(error)).toEqual(refused);
    expect(uploadRefusalsOf(new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }))).toEqual([]);
    expect(uploadRefusalsOf(new Error('boom'))).toEqual([]);
  });
});
