import { type Attachment, type UploadResponse, uploadResponseSchema } from '@lumen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE_PATH, ApiError, apiErrorFromBody, NETWORK_ERROR_CODE } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getDocumentQueryOptions } from './get-document';

/**
 * POST /api/files (multipart, field `files`, several at once): each file is stored or refused on its own; the answer
 * lists both. When every file is refused the request fails (413/415/400) with all of them in `details.refused`.
 */
export async function uploadFiles(files: File[]): Promise<UploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/files`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      body: form,
    });
  } catch (error) {
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, cause: error });
  }

  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw apiErrorFromBody(response.status, data);
  return uploadResponseSchema.parse(data);
}

/** The stored files as chat attachments (platform 'Upload'). */
export function toAttachments(response: UploadResponse): Attachment[] {
  return response.files.map((file) => ({
    fileId: file.id,
    documentId: file.document.id,
    name: file.filename,
    source: file.document.source,
  }));
}

type UseUploadFilesOptions = { mutationConfig?: MutationConfig<typeof uploadFiles> };

/** Uploads files; each new document's status is cached at once, so polling starts from what the server said. */
export function useUploadFiles({ mutationConfig }: UseUploadFilesOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: uploadFiles,
    onSuccess: (...args) => {
      for (const file of args[0].files) {
        queryClient.setQueryData(getDocumentQueryOptions(file.document.id).queryKey, file.document);
      }
      return onSuccess?.(...args);
    },
  });
}
