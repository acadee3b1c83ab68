import {
  NO_FILE_PERMISSIONS,
  type Role,
  SPACE_FILE_PERMISSIONS,
  type Space,
  type SpaceFile,
  type SpaceMember,
} from '@lumen/contract';
import { vi } from 'vitest';

/**
 * Test data for the spaces screens (the HTTP answers of the spaces endpoints). A space is 'Marketing' where the caller
 * is admin unless overridden; `myRole` sets the permissions the server would compute from it.
 */
export function space(overrides: Partial<Omit<Space, 'permissions'>> = {}): Space {
  const name = overrides.name ?? 'Marketing';
  const myRole: Role | null = overrides.myRole === undefined ? 'admin' : overrides.myRole;
  return {
    id: `space-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    teamId: 'team-1',
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'Campaigns and launches',
    isPrivate: false,
    createdBy: 'user-1',
    createdAt: '2026-03-01T10:00:00.000Z',
    memberCount: 3,
    fileCount: 12,
    ...overrides,
    myRole,
    permissions: myRole ? SPACE_FILE_PERMISSIONS[myRole] : NO_FILE_PERMISSIONS,
  };
}

/** A space member, Grace Hopper (user-2) as viewer unless overridden. */
export function spaceMember(overrides: Partial<SpaceMember> = {}): SpaceMember {
  const firstName = overrides.firstName ?? 'Grace';
  return {
    userId: 'user-2',
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName: 'Hopper',
    avatarUrl: null,
    role: 'viewer',
    status: 'active',
    addedBy: 'user-1',
    addedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A file of space 'Marketing', report.pdf (1.5 KB, indexed) uploaded by Ada on 21 Nov 2026, unless overridden. */
export function spaceFile(overrides: Partial<SpaceFile> = {}): SpaceFile {
  const id = overrides.id ?? 'file-1';
  return {
    id,
    spaceId: 'space-marketing',
    filename: 'report.pdf',
    fileSize: 1536,
    mimeType: 'application/pdf',
    ownerId: 'user-1',
    ownerName: 'Ada Lovelace',
    createdAt: '2026-11-21T10:05:00.000Z',
    documentId: `document-${id}`,
    status: 'ready',
    ...overrides,
  };
}

/** An upload as the server saw it: the path and the names of the multipart `files` parts. */
export type UploadRequest = { method: string; path: string; filenames: string[] };
export type UploadReply = { status: number; body: unknown };

/**
 * Replaces XMLHttpRequest (the upload boundary: fetch reports no upload progress) with a fake that records each
 * request, reports half the body sent, then answers with `reply` (which may wait, to observe the progress bar).
 */
export function stubUploadRequest(reply: (request: UploadRequest) => UploadReply | Promise<UploadReply>) {
  const requests: UploadRequest[] = [];

  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader() {}

    send(body: FormData) {
      const request: UploadRequest = {
        method: this.method,
        path: new URL(this.url, 'http://x').pathname,
        filenames: body.getAll('files').map((part) => (part instanceof File ? part.name : String(part))),
      };
      requests.push(request);
      setTimeout(async () => {
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: 50, total: 100 }));
        const answer = await reply(request);
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.dispatchEvent(new Event('load'));
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { requests };
}
