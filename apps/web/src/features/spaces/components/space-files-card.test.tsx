import { type Role, SPACE_FILE_PERMISSIONS, type SpaceFile } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatFileDate } from '@/lib/format-date';
import { changeLanguage, loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import { uploadRefusal } from '@/testing/fixtures';
import { spaceFile, stubUploadRequest } from '@/testing/space-fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { SpaceFilesCard } from './space-files-card';

const SPACE_ID = 'space-marketing';
const FILES_PATH = `/api/spaces/${SPACE_ID}/files`;

const report = spaceFile({ id: 'file-1', filename: 'report.pdf', fileSize: 1536, ownerName: 'Ada Lovelace' });
const notes = spaceFile({
  id: 'file-2',
  filename: 'notes.docx',
  fileSize: 5.25 * 1024 * 1024,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ownerName: 'Grace Hopper',
  status: 'processing',
});

function stubFiles(files: SpaceFile[] = [report], routes: StubRoutes = {}) {
  return stubFetch({ [`GET ${FILES_PATH}`]: jsonResponse({ files }), ...routes });
}

function renderCard(role: Role) {
  return renderWithProviders(<SpaceFilesCard spaceId={SPACE_ID} permissions={SPACE_FILE_PERMISSIONS[role]} />);
}

function fileRow(filename: string) {
  return within(screen.getByRole('list', { name: 'Space files' })).getByRole('listitem', { name: filename });
}

beforeAll(async () => {
  await loadNamespaces(['spaces']);
});

describe('SpaceFilesCard', () => {
  it('lists the files newest first with size, date, uploader, indexing status, preview and download', async () => {
    stubFiles([notes, report]);
    renderCard('viewer');

    const list = await screen.findByRole('list', { name: 'Space files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['notes.docx', 'report.pdf']);

    const row = fileRow('report.pdf');
    expect(row).toHaveTextContent('1.50 KB');
    expect(row).toHaveTextContent(formatFileDate(report.createdAt));
    expect(row).toHaveTextContent('Uploaded by Ada Lovelace');
    expect(row).toHaveTextContent('Ready');
    expect(fileRow('notes.docx')).toHaveTextContent('5.25 MB');
    expect(fileRow('notes.docx')).toHaveTextContent('Indexing');

    const preview = within(row).getByRole('link', { name: 'Preview report.pdf' });
    expect(preview).toHaveAttribute('href', `${FILES_PATH}/file-1/content`);
    expect(preview).toHaveAttribute('target', '_blank');
    expect(within(row).getByRole('link', { name: 'Download report.pdf' })).toHaveAttribute(
      'href',
      `${FILES_PATH}/file-1/content?download=1`,
    );
    // A Word file cannot show in a tab: Preview downloads it.
    const wordPreview = within(fileRow('notes.docx')).getByRole('link', { name: 'Preview notes.docx' });
    expect(wordPreview).toHaveAttribute('href', `${FILES_PATH}/file-2/content?download=1`);
    expect(wordPreview).toHaveAttribute('download', 'notes.docx');
  });

  it.each([
    ['admin', { upload: true, rename: true, delete: true }],
    ['team_lead', { upload: true, rename: true, delete: false }],
    ['employee', { upload: true, rename: false, delete: false }],
    ['viewer', { upload: false, rename: false, delete: false }],
  ] as const)('shows a %s the actions of their file permissions', async (role, allowed) => {
    stubFiles();
    renderCard(role);

    const row = await screen.findByRole('listitem', { name: 'report.pdf' });
    expect(screen.queryByTestId('space-file-input') !== null).toBe(allowed.upload);
    expect(within(row).queryByRole('button', { name: 'Rename report.pdf' }) !== null).toBe(allowed.rename);
    expect(within(row).queryByRole('button', { name: 'Delete report.pdf' }) !== null).toBe(allowed.delete);
  });

  it("tells a viewer who tries to upload that they may not, with the spec's Access Denied message", async () => {
    const { findRequests } = stubFiles();
    const { user } = renderCard('viewer');
    await screen.findByRole('listitem', { name: 'report.pdf' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to upload files")).toBeInTheDocument();
    expect(findRequests('POST', FILES_PATH)).toEqual([]);
  });

  it('shows the empty state for those who can upload and for those who cannot', async () => {
    stubFiles([]);
    const { unmount } = renderCard('employee');
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    expect(screen.getByText('Upload your first file to get started')).toBeInTheDocument();
    unmount();

    stubFiles([]);
    renderCard('viewer');
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    expect(screen.getByText('No files have been uploaded to this space')).toBeInTheDocument();
  });

  it("says 'Failed to fetch files' when the list cannot be loaded", async () => {
    stubFiles([], { [`GET ${FILES_PATH}`]: new Response(null, { status: 500 }) });
    renderCard('admin');
    expect(await screen.findAllByText('Failed to fetch files')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('uploads several files with a progress bar and says so', async () => {
    let finishUpload: () => void = () => {};
    const uploadDone = new Promise<void>((resolve) => {
      finishUpload = resolve;
    });
    const { requests } = stubUploadRequest(async () => {
      await uploadDone;
      return { status: 201, body: { files: [report] } };
    });
    stubFiles([]);
    const { user } = renderCard('employee');

    await screen.findByText('No files yet');
    await user.upload(screen.getByLabelText('Choose files to upload'), [
      new File(['a'], 'a.txt', { type: 'text/plain' }),
      new File(['b'], 'b.txt', { type: 'text/plain' }),
    ]);

    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(requests).toEqual([{ method: 'POST', path: FILES_PATH, filenames: ['a.txt', 'b.txt'] }]);
    finishUpload();

    expect(await screen.findByText('File uploaded successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps the files the server stored and lists each refused file with its reason, translated', async () => {
    stubUploadRequest(() => ({
      status: 201,
      body: {
        files: [report],
        refused: [
          uploadRefusal('tool.txt', 'FILE_CONTENT_NOT_SUPPORTED', { content: 'ELF', supported: 'PDF' }),
          uploadRefusal('huge.txt', 'FILE_TOO_LARGE', { maxMb: 50 }),
          { name: 'later.txt', reason: 'SOMETHING_NEW', message: 'A reason from a newer server.', params: {} },
        ],
      },
    }));
    stubFiles([]);
    const { user } = renderCard('employee');

    await screen.findByText('No files yet');
    await user.upload(screen.getByLabelText('Choose files to upload'), [
      new File(['a'], 'report.pdf'),
      new File(['b'], 'tool.txt'),
      new File(['c'], 'huge.txt'),
      new File(['d'], 'later.txt'),
    ]);

    expect(await screen.findByText('Uploaded 1 of 4 files')).toBeInTheDocument();
    const refused = screen.getByRole('list', { name: 'Some files were not uploaded' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'File "tool.txt" is not a supported type (its content is ELF). You can upload PDF files.',
      'File "huge.txt" is larger than the 50 MB limit.',
      'A reason from a newer server.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('list', { name: 'Some files were not uploaded' })).not.toBeInTheDocument();
  });

  it('lists every refused file when none was stored, in the reader’s language', async () => {
    stubUploadRequest(() => ({
      status: 415,
      body: {
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          reason: 'FILE_TEXT_MISNAMED',
          message: 'File "deck.pptx" is named .pptx but its content is plain text, not a PowerPoint presentation.',
          details: {
            refused: [
              uploadRefusal('deck.pptx', 'FILE_TEXT_MISNAMED', {
                extension: 'pptx',
                claimed: 'PowerPoint presentation',
              }),
              uploadRefusal('empty.md', 'FILE_EMPTY'),
            ],
          },
        },
      },
    }));
    stubFiles([]);
    await changeLanguage('de');
    try {
      const { user } = renderCard('admin');
      await screen.findByText('Noch keine Dateien');
      await user.upload(screen.getByTestId('space-file-input'), [
        new File(['a'], 'deck.pptx'),
        new File([], 'empty.md'),
      ]);
      const refused = await screen.findByRole('list', { name: 'Keine Datei wurde hochgeladen' });
      expect(
        within(refused)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Die Datei „deck.pptx“ hat die Endung .pptx, ihr Inhalt ist aber reiner Text (erwartet: PowerPoint presentation).',
        'Die Datei „empty.md“ ist leer.',
      ]);
    } finally {
      await changeLanguage('en');
    }
  });

  it.each([
    [500, undefined, 'Upload Failed', 'Failed to upload file'],
    [413, 'The file is larger than 50 MB', 'Upload Failed', 'The file is larger than 50 MB'],
    [
      403,
      "Access Denied: You don't have permission to upload files",
      'Access Denied',
      "You don't have permission to upload files",
    ],
  ] as const)('reports a failed upload (%d)', async (status, message, title, description) => {
    stubUploadRequest(() => ({
      status,
      body: message ? { error: { code: status === 403 ? 'FORBIDDEN' : 'PAYLOAD_TOO_LARGE', message } } : undefined,
    }));
    stubFiles([]);
    const { user } = renderCard('admin');

    await screen.findByText('No files yet');
    await user.upload(screen.getByLabelText('Choose files to upload'), new File(['a'], 'a.txt'));

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('asks before deleting, then deletes and says so', async () => {
    const { findRequests } = stubFiles([report], {
      [`DELETE ${FILES_PATH}/file-1`]: new Response(null, { status: 204 }),
    });
    const { user } = renderCard('admin');

    await user.click(await screen.findByRole('button', { name: 'Delete report.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "report.pdf"? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(findRequests('DELETE', `${FILES_PATH}/file-1`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    expect(findRequests('DELETE', `${FILES_PATH}/file-1`)).toHaveLength(1);
  });

  it.each([
    [new Response(null, { status: 500 }), 'Delete Failed', 'Failed to delete file'],
    [
      apiErrorResponse(
        403,
        'FORBIDDEN',
        "Access Denied: You don't have permission to delete files",
        'NO_DELETE_PERMISSION',
      ),
      'Access Denied',
      "You don't have permission to delete files",
    ],
  ])('reports a failed delete', async (reply, title, description) => {
    stubFiles([report], { [`DELETE ${FILES_PATH}/file-1`]: reply });
    const { user } = renderCard('admin');

    await user.click(await screen.findByRole('button', { name: 'Delete report.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('renames a file and says so; a blank name closes the dialog without a request', async () => {
    const { findRequests } = stubFiles([report], {
      [`PATCH ${FILES_PATH}/file-1`]: jsonResponse({ ...report, filename: 'q4-report.pdf' }),
    });
    const { user } = renderCard('team_lead');

    await user.click(await screen.findByRole('button', { name: 'Rename report.pdf' }));
    let field = within(await screen.findByRole('dialog', { name: 'Rename file' })).getByLabelText('File name');
    expect(field).toHaveValue('report.pdf');
    await user.clear(field);
    await user.type(field, '   {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(findRequests('PATCH', `${FILES_PATH}/file-1`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rename report.pdf' }));
    field = within(await screen.findByRole('dialog', { name: 'Rename file' })).getByLabelText('File name');
    await user.clear(field);
    await user.type(field, 'q4-report.pdf');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('File updated successfully')).toBeInTheDocument();
    expect(findRequests('PATCH', `${FILES_PATH}/file-1`)[0]?.body).toEqual({ filename: 'q4-report.pdf' });
  });

  it('reports a failed rename', async () => {
    stubFiles([report], { [`PATCH ${FILES_PATH}/file-1`]: new Response(null, { status: 500 }) });
    const { user } = renderCard('admin');

    await user.click(await screen.findByRole('button', { name: 'Rename report.pdf' }));
    const field = within(await screen.findByRole('dialog')).getByLabelText('File name');
    await user.type(field, '.bak{Enter}');
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to update file')).toBeInTheDocument();
  });

  it('refetches every 3 seconds while a file is being indexed, and stops once all are done', async () => {
    let calls = 0;
    const { findRequests } = stubFiles([], {
      [`GET ${FILES_PATH}`]: () => {
        calls += 1;
        return jsonResponse({ files: [spaceFile({ status: calls === 1 ? 'pending' : 'ready' })] });
      },
    });
    renderCard('viewer');

    expect(await screen.findByText('Waiting to index')).toBeInTheDocument();
    expect(await screen.findByText('Ready', {}, { timeout: 5000 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(findRequests('GET', FILES_PATH)).toHaveLength(2);
  });
});
