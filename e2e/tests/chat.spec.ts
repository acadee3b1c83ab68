import { type Browser, expect, type Page, test } from '@playwright/test';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ask, signUp } from '../support/session.ts';

/** The texts the thinking indicator may show (docs/product-rules.md#thinking-types). */
const THINKING_TEXTS = [
  'Lumen is thinking...',
  'Searching for PDFs across all platforms...',
  'Searching across your files...',
  'Analyzing document content...',
  'Analyzing knowledge base and generating insights...',
  'Uploading to cloud storage...',
  'Processing file deletion...',
  'Accessing workspace data...',
];

const DOCX_NAME = 'aurora-briefing.docx';
const PDF_NAME = 'warehouse-report.pdf';

async function createDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph('Project Aurora briefing for the product team.'),
          new Paragraph('The Aurora launch has the code name Blue Heron and is planned for the spring.'),
          new Paragraph('Marketing materials are prepared by the brand studio in Porto.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** Two pages; the fact is on page 2. */
async function createPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([595, 842]);
  first.drawText('Quarterly operations report.', { x: 50, y: 780, size: 14, font });
  first.drawText('This introduction describes our offices and the people who run them.', {
    x: 50,
    y: 750,
    size: 11,
    font,
  });
  const second = pdf.addPage([595, 842]);
  second.drawText('Inventory.', { x: 50, y: 780, size: 14, font });
  second.drawText('The Lisbon warehouse stores 4,250 pallets of ceramic tiles.', { x: 50, y: 750, size: 11, font });
  return Buffer.from(await pdf.save());
}

/** Records every text the thinking indicator shows, however briefly. */
async function recordThinkingTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __thinkingTexts: seen });
    new MutationObserver(() => {
      document.querySelectorAll('[data-testid="thinking-indicator"]').forEach((element) => {
        const text = element.textContent?.trim() ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

async function openAsAnotherUser(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, 'outsider');
  await page.goto(url);
  return { context, page };
}

test('a user uploads a DOCX and a PDF, asks about each, gets cited answers, and finds the conversation after a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await recordThinkingTexts(page);
  await signUp(page, 'chat');
  await expect(page).toHaveURL(/\/chat/);

  await expect(page.getByRole('dialog', { name: 'Welcome to Lumen' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();

  await page.getByTestId('chat-file-input').setInputFiles([
    {
      name: DOCX_NAME,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await createDocx(),
    },
    { name: PDF_NAME, mimeType: 'application/pdf', buffer: await createPdf() },
  ]);
  await expect(page.getByText(`Uploaded 2 file(s): ${DOCX_NAME}, ${PDF_NAME}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${DOCX_NAME} (Upload)`)).toBeVisible();
  await expect(page.getByText(`${PDF_NAME} (Upload)`)).toBeVisible();
  await expect(page.locator('[data-testid="document-status"][data-status="ready"]')).toHaveCount(2, {
    timeout: 60_000,
  });
  await expect(page.locator('[data-testid="document-status"][data-status="failed"]')).toHaveCount(0);

  const docxAnswer = await ask(page, 'What is the code name of the Aurora launch?');
  await expect(docxAnswer).toContainText('Blue Heron');
  await expect(
    docxAnswer.getByRole('link', { name: new RegExp(`\\[\\d+\\] ${DOCX_NAME} \\(Upload\\)`) }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}$/);

  const pdfAnswer = await ask(page, 'How many pallets does the Lisbon warehouse store?');
  await expect(pdfAnswer).toContainText('4,250');
  const pdfChip = pdfAnswer.getByRole('link', { name: new RegExp(`\\[\\d+\\] ${PDF_NAME} \\(Upload\\) p\\. 2`) });
  await expect(pdfChip).toBeVisible();
  await expect(pdfChip).toHaveAttribute('href', /\/api\/documents\/[0-9a-f-]{36}\/content#page=2$/);
  await expect(pdfChip).toHaveAttribute('target', '_blank');

  const thinkingTexts = await page.evaluate(() => (window as unknown as { __thinkingTexts: string[] }).__thinkingTexts);
  expect(thinkingTexts.length).toBeGreaterThan(0);
  for (const text of thinkingTexts) expect(THINKING_TEXTS).toContain(text);

  // The conversation is stored on the server: a reload restores it from the URL, and the sidebar lists it.
  const conversationUrl = page.url();
  await page.reload();
  await expect(page.getByText('What is the code name of the Aurora launch?')).toBeVisible();
  await expect(page.getByText('How many pallets does the Lisbon warehouse store?')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Assistant message' }).filter({ hasText: '4,250' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`${PDF_NAME} \\(Upload\\) p\\. 2`) })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /^What is the\.\.\./ }),
  ).toBeVisible();

  // New Chat empties the screen; the conversation comes back from the sidebar.
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /^What is the\.\.\./ })
    .click();
  await expect(page.getByText('How many pallets does the Lisbon warehouse store?')).toBeVisible();

  // Another user cannot open it.
  const outsider = await openAsAnotherUser(browser, conversationUrl);
  await expect(outsider.page.getByText('This conversation was not found. A new one was started.')).toBeVisible();
  await expect(outsider.page.getByText('How many pallets does the Lisbon warehouse store?')).toHaveCount(0);
  await outsider.context.close();
});
