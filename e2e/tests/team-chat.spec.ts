import { expect, test } from '@playwright/test';
import { E2E_APP_URL } from '../playwright.config.ts';
import { checkPage, post, signUp } from '../support/a11y.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('team chat: a message reaches a teammate live, @Lumen answers from the team space with its source, an edit and a deletion follow, and the room passes WCAG 2.2 AA', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminEmail = uniqueEmail('chat-admin');
  const memberEmail = uniqueEmail('chat-member');
  const adminContext = await browser.newContext();
  await signUp(adminContext, adminEmail, 'Grace', 'Hopper');
  expect((await post(adminContext.request, '/api/teams', { name: 'Chart Room' })).status()).toBe(201);
  const invitation = await post(adminContext.request, '/api/teams/current/invitations', { email: memberEmail });
  const { invitation: teamInvitation } = (await invitation.json()) as { invitation: { id: string } };
  const memberContext = await browser.newContext();
  await signUp(memberContext, memberEmail, 'Alan', 'Turing', teamInvitation.id);

  const admin = await adminContext.newPage();
  const member = await memberContext.newPage();
  await admin.goto('/team-chat');
  await member.goto('/team-chat');
  await expect(admin.getByRole('heading', { name: 'Team Chat' })).toBeVisible();
  await expect(member.getByText('No messages yet. Say hello to your team!')).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Back to Workspace' })).toHaveAttribute('href', '/workspace');
  // Presence: both have the room open.
  await expect(admin.getByText('2 online')).toBeVisible();
  await expect(member.getByRole('list', { name: 'Online now' })).toContainText('Grace Hopper');

  // Enter sends; the teammate's open screen shows it without a reload.
  const composer = admin.getByRole('textbox', { name: 'Message your team' });
  await composer.fill('The **harbour survey** starts on Monday.');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const seenByMember = member.getByRole('article', { name: /Message from Grace Hopper/ });
  await expect(seenByMember).toContainText('The harbour survey starts on Monday.');
  await expect(seenByMember.locator('strong')).toHaveText('harbour survey');
  await expect(admin.getByRole('article', { name: /Message from Grace Hopper/ })).toContainText('You');

  // The member answers: the admin sees them typing, then the message live on the left.
  await member.getByRole('textbox', { name: 'Message your team' }).pressSequentially('I will bring the charts.');
  await expect(admin.getByText('Alan Turing is typing…')).toBeVisible();
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(admin.getByRole('article', { name: /Message from Alan Turing/ })).toContainText(
    'I will bring the charts.',
  );

  // The admin edits their message: the member sees the new text, marked edited.
  await admin
    .getByRole('article', { name: /Message from Grace Hopper/ })
    .getByRole('button', { name: 'Edit message' })
    .click();
  const editor = admin.getByRole('textbox', { name: 'Edit your message' });
  await editor.fill('The harbour survey starts on Tuesday.');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(seenByMember).toContainText('Tuesday');
  await expect(seenByMember).toContainText('(edited)');

  // @Lumen answers in the room from the team's public space, streamed to both screens, with its source.
  const space = await post(adminContext.request, '/api/spaces', { name: 'Harbour Office' });
  expect(space.status()).toBe(201);
  const { id: spaceId } = (await space.json()) as { id: string };
  const uploaded = await adminContext.request.post(`/api/spaces/${spaceId}/files`, {
    headers: { origin: E2E_APP_URL },
    multipart: {
      files: {
        name: 'tide-gauge.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('The tide gauge at the north pier is calibrated every second Thursday.'),
      },
    },
  });
  expect(uploaded.status()).toBe(201);
  await expect
    .poll(async () => {
      const response = await adminContext.request.get(`/api/spaces/${spaceId}/files`);
      const { files } = (await response.json()) as { files: Array<{ status: string }> };
      return files[0]?.status;
    })
    .toBe('ready');
  const memberComposer = member.getByRole('textbox', { name: 'Message your team' });
  await memberComposer.fill('@Lumen when is the tide gauge calibrated?');
  await memberComposer.press('Enter');
  const answerSeenByAdmin = admin.getByTestId('assistant-answer');
  await expect(answerSeenByAdmin).toContainText('every second Thursday', { timeout: 20_000 });
  await expect(answerSeenByAdmin).not.toHaveAttribute('aria-busy', 'true');
  await expect(answerSeenByAdmin.getByRole('link', { name: /\[1\] tide-gauge\.txt/ })).toBeVisible();
  await expect(member.getByTestId('assistant-answer')).toContainText('every second Thursday');

  expect(await checkPage(admin, 'team-chat with messages')).toEqual([]);

  // The admin removes the member's message after confirming; it disappears from both screens.
  await admin
    .getByRole('article', { name: /Message from Alan Turing/ })
    .filter({ hasText: 'I will bring the charts.' })
    .getByRole('button', { name: 'Delete message' })
    .click();
  const confirm = admin.getByRole('alertdialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(member.getByText('I will bring the charts.')).toBeHidden();
  await expect(admin.getByText('I will bring the charts.')).toBeHidden();

  // The member closes the room: the admin's count drops at once.
  await member.close();
  await expect(admin.getByText('1 online')).toBeVisible();

  await adminContext.close();
  await memberContext.close();
});
