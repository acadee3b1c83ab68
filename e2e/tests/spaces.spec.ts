import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_APP_URL } from '../playwright.config.ts';
import { findLink, readMail, uniqueEmail } from '../support/mailbox.ts';

const PASSWORD = 'correct horse battery';
const PDF_NAME = 'harbour-survey.pdf';

/** One page stating the fact the space chat must find. */
async function createPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Harbour survey.', { x: 50, y: 780, size: 14, font });
  page.drawText('The Valletta harbour survey counted 312 moorings in the inner basin.', {
    x: 50,
    y: 750,
    size: 11,
    font,
  });
  return Buffer.from(await pdf.save());
}

/** State-changing API calls carry the app's Origin, as the browser would. */
function post(request: APIRequestContext, url: string, data: object) {
  return request.post(url, { data, headers: { origin: E2E_APP_URL } });
}

/** Signs up through the API (optionally with an invite code) and confirms by mail in this context: it is signed in. */
async function signUp(
  context: BrowserContext,
  email: string,
  firstName: string,
  lastName: string,
  inviteCode?: string,
) {
  const response = await context.request.post('/api/auth/sign-up/email', {
    data: { firstName, lastName, email, password: PASSWORD, callbackURL: '/employee-dashboard', inviteCode },
  });
  expect(response.ok()).toBeTruthy();
  await context.request.get(findLink(await readMail(email, 'confirm'), '/api/auth/verify-email'), { maxRedirects: 0 });
}

test('a space: files by role, invitations by mail, the space chat, and a task that arrives live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminEmail = uniqueEmail('space-admin');
  const memberEmail = uniqueEmail('space-member');

  // A team with an admin and a member (the team journey is covered by teams.spec.ts).
  const adminContext = await browser.newContext();
  await signUp(adminContext, adminEmail, 'Grace', 'Hopper');
  expect((await post(adminContext.request, '/api/teams', { name: 'Harbour Works' })).status()).toBe(201);
  const invitation = await post(adminContext.request, '/api/teams/current/invitations', { email: memberEmail });
  const { invitation: teamInvitation } = (await invitation.json()) as { invitation: { id: string } };
  const memberContext = await browser.newContext();
  await signUp(memberContext, memberEmail, 'Alan', 'Turing', teamInvitation.id);

  // The admin creates a space and uploads a PDF.
  const admin = await adminContext.newPage();
  await admin.goto('/spaces/new');
  await admin.getByLabel('Space Name').fill('Harbour Survey');
  await admin.getByRole('button', { name: 'Create Space' }).click();
  await expect(admin.getByText('Space created successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/spaces$/);
  await admin.goto('/spaces/harbour-survey');
  await admin.getByTestId('space-file-input').setInputFiles({
    name: PDF_NAME,
    mimeType: 'application/pdf',
    buffer: await createPdf(),
  });
  await expect(admin.getByText('File uploaded successfully')).toBeVisible();
  await expect(admin.getByRole('listitem', { name: PDF_NAME })).toBeVisible();

  // ... and invites the member as a viewer by mail.
  const spaceId = (
    (await (await adminContext.request.get('/api/spaces/by-slug/harbour-survey')).json()) as {
      id: string;
    }
  ).id;
  await admin.goto(`/spaces-management?space=${spaceId}`);
  await admin.getByRole('button', { name: 'Invite Member' }).click();
  const inviteDialog = admin.getByRole('dialog', { name: 'Invite Member' });
  await inviteDialog.getByLabel('Email').fill(memberEmail);
  await inviteDialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(admin.getByText('Invitation sent successfully')).toBeVisible();

  // The member follows the mailed link and joins as a viewer.
  const member = await memberContext.newPage();
  await member.goto(findLink(await readMail(memberEmail, 'invited you to the space'), '/spaces-management'));
  await expect(member.getByText("You've successfully joined the space!")).toBeVisible();

  // The viewer sees and downloads the file, and is refused an upload with the Access Denied message
  // (docs/product-rules.md#space-file-permissions).
  await member.goto('/spaces/harbour-survey');
  const fileRow = member.getByRole('listitem', { name: PDF_NAME });
  await expect(fileRow).toBeVisible();
  const downloadPromise = member.waitForEvent('download');
  await fileRow.getByRole('link', { name: `Download ${PDF_NAME}` }).click();
  expect((await downloadPromise).suggestedFilename()).toBe(PDF_NAME);
  await member.getByRole('button', { name: 'Upload' }).click();
  await expect(member.getByText('Access Denied')).toBeVisible();
  await expect(member.getByText("You don't have permission to upload files")).toBeVisible();

  // The admin promotes them to employee; their upload now succeeds.
  await admin.goto(`/role-management/${spaceId}`);
  await admin.getByLabel('Space role of Alan Turing').selectOption('employee');
  await expect(admin.getByText('User role updated successfully')).toBeVisible();
  await member.reload();
  await member.getByTestId('space-file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Notes from the harbour walk.'),
  });
  await expect(member.getByText('File uploaded successfully')).toBeVisible();

  // The space chat answers from the uploaded PDF, with a citation.
  await expect(member.getByRole('listitem', { name: PDF_NAME }).getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await member.getByRole('textbox', { name: 'Message' }).fill('How many moorings did the harbour survey count?');
  await member.keyboard.press('Enter');
  await expect(member.getByText(/312 moorings/).last()).toBeVisible({ timeout: 30_000 });
  await expect(
    member.getByRole('list', { name: 'Sources' }).getByRole('link', { name: `[1] ${PDF_NAME} (Space) p. 1` }),
  ).toBeVisible();

  // A task assigned to the member appears on their dashboard without a reload.
  await member.goto('/employee-dashboard');
  await expect(member.getByText('No tasks assigned to you yet.')).toBeVisible();
  await expect(member.getByText('Live', { exact: true })).toBeVisible();
  const members = (await (await adminContext.request.get('/api/teams/current/members')).json()) as {
    members: Array<{ userId: string; email: string }>;
  };
  const memberId = members.members.find((entry) => entry.email === memberEmail)?.userId;
  const task = await post(adminContext.request, '/api/teams/current/tasks', {
    title: 'Survey the outer basin',
    assignedTo: memberId,
    priority: 'high',
  });
  expect(task.status()).toBe(201);
  await expect(member.getByText('Survey the outer basin')).toBeVisible({ timeout: 5000 });

  await memberContext.close();
  await adminContext.close();
});
